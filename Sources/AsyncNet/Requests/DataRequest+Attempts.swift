import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Attempts: preparing each one (build, adapt), and judging how it ended (follow a redirect, retry, or finish).
/// Every kind of request runs its attempts through this code.
extension DataRequest {
    /// Prepares and sends the next attempt: a redirect hop as decided, or the built request, adapted.
    func startAttempt() {
        timings.attemptPrepared()
        session.registry.assumeIsolated { $0.requestStarted(self) }
        if let hop = hopRequest {
            // A hop carries the previous attempt's adapted headers (minus credentials that left their origin);
            // adapters run once per attempt, not per hop.
            hopRequest = nil
            return send(hop)
        }
        let base: URLRequest
        if let builtRequest {
            base = builtRequest
        } else {
            do {
                let built = try buildRequest()
                builtRequest = built
                base = built
            } catch {
                return failBeforeSending(error)
            }
        }
        attemptCount += 1
        redirectCount = 0
        guard let interceptor else { return send(base) }
        decisionTask = Task { await self.adaptAndSend(base, with: interceptor) }
    }

    /// The request as the caller described it, with the credential of `authenticate()`; nothing is sent.
    func buildRequest() throws(AsyncNetError) -> URLRequest {
        var built = try builder.build(baseURL: session.baseURL)
        if let credential { built.setValue(credential.headerValue, forHTTPHeaderField: "Authorization") }
        return built
    }

    private func adaptAndSend(_ base: URLRequest, with interceptor: any RequestInterceptor) async {
        do {
            let adapted = try await interceptor.adapt(base, for: session)
            guard !Task.isCancelled else { return }
            timings.adapted()
            if Self.differ(adapted, base) { emit(.adapted(self, base, adapted)) }
            try RequestCheck.validate(adapted)
            send(adapted)
        } catch let error as AsyncNetError {
            guard !Task.isCancelled else { return }
            failBeforeSending(error)
        } catch {
            guard !Task.isCancelled else { return }
            failBeforeSending(.requestAdaptationFailed(error: error))
        }
    }

    /// Whether adaptation changed anything that is sent (`URLRequest`'s `==` ignores headers on Linux).
    static func differ(_ a: URLRequest, _ b: URLRequest) -> Bool {
        a.url != b.url || a.httpMethod != b.httpMethod || a.allHTTPHeaderFields != b.allHTTPHeaderFields
            || a.httpBody != b.httpBody || a.timeoutInterval != b.timeoutInterval || a.cachePolicy != b.cachePolicy
    }

    /// Hands the attempt's request to the Session, which creates its task now or when a slot is free.
    private func send(_ request: URLRequest) {
        guard lifecycle.isActive, lifecycle.hasTask, !isComplete else { return }
        urlRequest = request
        taskIdentifier = nil
        drainTask?.cancel()
        drainTask = nil
        response = nil
        body = ResponseBody()
        bodyStarted = false
        rejectedChallenge = false
        validation.restart()
        sendCount += 1
        emit(.attemptStarted(self, sendCount, request))
        session.registry.assumeIsolated { $0.launch(self, with: request) }
    }

    private func failBeforeSending(_ error: AsyncNetError) {
        guard lifecycle.attemptEnded() else { return }
        finish(with: error)
    }

    // MARK: - Judging an attempt

    /// The current attempt ended with `failure` (nil: a response arrived, possibly rejected by validation).
    func judgeAttempt(_ failure: AsyncNetError?) {
        if failure == nil, let response, RedirectHop.isRedirect(response), let sent = urlRequest {
            return followRedirect(from: sent, response: response)
        }
        if failure == nil, let response, !validation.isEmpty {
            _ = validation.run(request: urlRequest, response: response, body: .complete(body.data))
        }
        guard let error = failure ?? validation.failure, let interceptor, Self.isRetryable(error) else {
            return finish(with: failure)
        }
        let snapshot = RequestSnapshot(
            request: urlRequest, response: response, data: response == nil ? nil : body.data, retryCount: retryCount)
        decisionTask = Task { await self.askRetrier(interceptor, about: snapshot, failure: failure, error: error) }
    }

    /// Only transport failures and validation failures go to a retrier; cancellation, the deadline and failures
    /// before sending do not.
    static func isRetryable(_ error: AsyncNetError) -> Bool {
        switch error {
        case .sessionTaskFailed, .responseValidationFailed: true
        default: false
        }
    }

    private func askRetrier(
        _ retrier: any RequestRetrier, about snapshot: RequestSnapshot, failure: AsyncNetError?, error: AsyncNetError
    ) async {
        let decision = await retrier.retry(snapshot, for: session, dueTo: error)
        guard !Task.isCancelled, lifecycle.isActive else { return }
        switch decision {
        case .retry:
            emit(.retry(self, .zero, error))
            retry()
        case .retryAfter(let delay):
            emit(.retry(self, delay, error))
            guard (try? await Task.sleep(for: Deadline.normalized(delay) ?? Deadline.unlimited)) != nil,
                  lifecycle.isActive else { return }
            retry()
        case .doNotRetry:
            finish(with: failure)
        case .doNotRetryWithError(let retryError):
            finish(with: .requestRetryFailed(retryError: retryError, originalError: error))
        }
    }

    private func retry() {
        hopRequest = nil
        perform(lifecycle.nextAttempt())
    }

    // MARK: - Redirects

    private func followRedirect(from sent: URLRequest, response: HTTPURLResponse) {
        let handler = redirectHandler
        guard handler.maximumRedirects > 0 else { return finishWithRedirectResponse() }
        guard redirectCount < handler.maximumRedirects else {
            return finish(with: .redirectFailed(reason: .tooManyRedirects(limit: handler.maximumRedirects)))
        }
        let next: URLRequest
        do {
            next = try RedirectHop.next(after: sent, response: response, allowsInsecure: handler.allowsInsecureRedirects)
        } catch {
            return finish(with: error)
        }
        decisionTask = Task { await self.askRedirectHandler(handler, next: next, response: response) }
    }

    private func askRedirectHandler(_ handler: any RedirectHandler, next: URLRequest, response: HTTPURLResponse) async {
        let decided = await handler.redirect(next, for: response)
        guard !Task.isCancelled, lifecycle.isActive else { return }
        guard let decided else { return finishWithRedirectResponse() }
        redirectCount += 1
        hopRequest = decided
        perform(lifecycle.nextAttempt())
    }

    /// The 3xx is the result: it is validated now like any final response.
    private func finishWithRedirectResponse() {
        if let response, !validation.isEmpty {
            validation.restart()
            _ = validation.run(request: urlRequest, response: response, body: .complete(body.data))
        }
        finish(with: nil)
    }
}
