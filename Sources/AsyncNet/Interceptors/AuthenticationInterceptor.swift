import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Applies a credential to every request and refreshes it when the server refuses it, once for all the requests
/// that were refused together.
///
/// - Adapting: fails with ``AuthenticationError/missingCredential`` (wrapped in
///   ``AsyncNetError/requestAdaptationFailed(error:)``) when there is no credential; refreshes first when the
///   credential ``AuthenticationCredential/requiresRefresh``, and waits for a refresh already under way; then
///   ``Authenticator/apply(_:to:)``.
/// - Retrying: only a request with a response that ``Authenticator/didRequest(_:with:failDueToAuthenticationError:)``
///   calls an authentication failure. A request sent with an older credential is retried with the current one;
///   otherwise the credential is refreshed and the request retried. When many requests fail at once exactly one
///   ``Authenticator/refresh(_:for:)`` runs and all of them wait for it; if it throws, each fails with
///   ``AsyncNetError/requestRetryFailed(retryError:originalError:)`` carrying the refresh's error.
/// - More refreshes than the ``refreshWindow`` allows fail with ``AuthenticationError/excessiveRefresh`` instead
///   of looping on a server that refuses every credential.
///
/// A 401 fails a request, and so reaches the retry, only when validation rejects it: add `validate()`.
/// Send the refresh itself on a Session without this interceptor (see ``Authenticator/refresh(_:for:)``).
///
/// ```swift
/// let auth = AuthenticationInterceptor(authenticator: OAuth(), credential: token)
/// let user = try await session.request(url, interceptor: auth).validate().serializing(User.self).value
/// ```
public actor AuthenticationInterceptor<A: Authenticator>: RequestInterceptor {
    /// The credential type of the authenticator.
    public typealias Credential = A.Credential
    /// How many refreshes are allowed within a time window.
    public typealias RefreshWindow = AuthenticationRefreshWindow

    /// The authenticator that applies and refreshes the credential.
    public nonisolated let authenticator: A
    /// How many refreshes are allowed within a time window.
    public nonisolated let refreshWindow: RefreshWindow
    /// The current credential; nil until one is set.
    public private(set) var credential: Credential?

    /// Counts changes of the credential made with ``setCredential(_:)``, so that a refresh that started before
    /// such a change does not overwrite it.
    private var generation = 0
    /// The refresh under way, which every request that needs a fresh credential awaits.
    private var refreshTask: Task<Credential, any Error>?
    /// When the refreshes of the current window started.
    private var refreshStarts: [ContinuousClock.Instant] = []

    /// Creates the interceptor.
    /// - Parameters:
    ///   - authenticator: Applies and refreshes the credential.
    ///   - credential: The credential to start with; nil until the user logs in (requests then fail with
    ///     ``AuthenticationError/missingCredential``).
    ///   - refreshWindow: The excessive-refresh guard; by default 5 refreshes within 30 seconds.
    public init(authenticator: A, credential: Credential? = nil, refreshWindow: RefreshWindow = RefreshWindow()) {
        self.authenticator = authenticator
        self.credential = credential
        self.refreshWindow = refreshWindow
    }

    /// Replaces the credential, for example after logging in (or nil after logging out). A refresh under way when
    /// this is called still completes for the requests waiting for it, but does not replace this credential.
    /// - Parameter credential: The new credential.
    public func setCredential(_ credential: Credential?) {
        self.credential = credential
        generation += 1
    }

    /// Applies the credential, refreshing it first when it requires a refresh or a refresh is under way.
    /// - Parameters:
    ///   - request: The request.
    ///   - session: The Session sending it (passed to the refresh).
    /// - Returns: The request with the credential applied.
    /// - Throws: ``AuthenticationError/missingCredential`` without a credential, ``AuthenticationError/excessiveRefresh``
    ///   when the refresh window is exhausted, or the refresh's error.
    public func adapt(_ request: URLRequest, for session: Session) async throws -> URLRequest {
        if let refreshTask { _ = try await refreshTask.value }
        guard var credential else { throw AuthenticationError.missingCredential }
        if credential.requiresRefresh {
            credential = try await refresh(credential, for: session)
        }
        var request = request
        authenticator.apply(credential, to: &request)
        return request
    }

    /// Retries a request refused for its authentication, refreshing the credential once for every request refused
    /// with it.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - session: The Session that ran it (passed to the refresh).
    ///   - error: Why it failed.
    /// - Returns: ``RetryDecision/retry`` once the current credential is fresh; ``RetryDecision/doNotRetry`` for
    ///   any other failure; ``RetryDecision/doNotRetryWithError(_:)`` with the refresh's error,
    ///   ``AuthenticationError/missingCredential`` or ``AuthenticationError/excessiveRefresh``.
    public func retry(_ request: RequestSnapshot, for session: Session, dueTo error: AsyncNetError) async -> RetryDecision {
        guard let urlRequest = request.request, let response = request.response,
              authenticator.didRequest(urlRequest, with: response, failDueToAuthenticationError: error) else {
            return .doNotRetry
        }
        do {
            if let refreshTask {
                _ = try await refreshTask.value
                return .retry
            }
            guard let credential else { return .doNotRetryWithError(AuthenticationError.missingCredential) }
            // Refused with an older credential: the current one was refreshed since, retry with it.
            guard authenticator.isRequest(urlRequest, authenticatedWith: credential) else { return .retry }
            _ = try await refresh(credential, for: session)
            return .retry
        } catch {
            return .doNotRetryWithError(error)
        }
    }

    /// Refreshes `credential`, or joins the refresh under way.
    private func refresh(_ credential: Credential, for session: Session) async throws -> Credential {
        if let refreshTask { return try await refreshTask.value }
        let now = ContinuousClock.now
        refreshStarts.removeAll { now - $0 >= refreshWindow.interval }
        guard refreshStarts.count < refreshWindow.maximumAttempts else { throw AuthenticationError.excessiveRefresh }
        refreshStarts.append(now)
        let generation = generation
        // Unstructured: a waiter that is cancelled must not cancel the refresh the others wait for. It begins once
        // this method returns the actor, so `refreshTask` is set before `performRefresh` can clear it.
        let task = Task { try await self.performRefresh(credential, for: session, generation: generation) }
        refreshTask = task
        return try await task.value
    }

    /// Runs the authenticator's refresh and stores its credential before any waiter resumes.
    private func performRefresh(_ credential: Credential, for session: Session, generation: Int) async throws -> Credential {
        defer { refreshTask = nil }
        let refreshed = try await authenticator.refresh(credential, for: session)
        if generation == self.generation { self.credential = refreshed }
        return refreshed
    }
}
