import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request whose response body is collected in memory.
///
/// Created by ``Session/request(_:method:headers:timeout:requestModifier:)``. It starts when its first serializer
/// is awaited (or on ``resume()``); every serializer on one request shares that one network call, and a serializer
/// added after completion still runs.
///
/// Cancellation: a caller whose awaiting `Task` is cancelled gets ``AsyncNetError/explicitlyCancelled`` at once,
/// alone; the network call itself is cancelled when its last awaiting caller has gone, or by ``cancel()``.
///
/// ```swift
/// let request = session.request("https://httpbin.org/get")
/// let json = try await request.validate().serializing(JSON.self).value
/// let text = try await request.serializingString().value   // same response, no second call
/// ```
public actor DataRequest {
    /// The Session that created the request.
    public nonisolated let session: Session

    private let builder: RequestBuilder
    private let deadline: Duration?
    private var lifecycle = RequestLifecycle()
    private var task: URLSessionTask?
    private var deadlineTask: Task<Void, Never>?

    private var urlRequest: URLRequest?
    private var response: HTTPURLResponse?
    private var body = ResponseBody()
    private var bodyStarted = false
    private var transportError: AsyncNetError?
    private var timings: TransferTimings?
    private var rejectedChallenge = false
    private var credential: BasicCredential?

    private var validation = ValidationRun()
    private var drainTask: Task<Void, Never>?

    private var isComplete = false
    private var waiters = WaiterList<UnsafeContinuation<RawResponse, Never>>()

    init(session: Session, builder: RequestBuilder, timeout: Duration?) {
        self.session = session
        self.builder = builder
        deadline = Deadline.normalized(timeout ?? session.defaultTimeout)
    }

    /// Runs the request on its Session's executor (shared with the delegate queue), so events reach it without a hop.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { session.executor.asUnownedSerialExecutor() }

    /// Where the request is in its life.
    public var state: RequestState { lifecycle.state }

    /// The URLRequest that was sent, once the request has started.
    public var request: URLRequest? { urlRequest }

    /// The response head, once it arrived.
    public var httpResponse: HTTPURLResponse? { response }

    /// Whether a URLSession task was ever created for this request (a request cancelled first never makes one).
    private(set) var hasCreatedTask = false

    /// The identifier of the current attempt's URLSession task.
    private(set) var taskIdentifier: Int?

    /// How many callers await the outcome (for tests and diagnostics).
    var waiterCount: Int { waiters.count }

    // MARK: - Control

    /// Starts the request, or resumes it after ``suspend()``. Serializers start it for you.
    public func resume() async {
        armDeadline()
        perform(lifecycle.resume())
    }

    /// Pauses the request's task; ``resume()`` continues it. The total deadline keeps running.
    public func suspend() async {
        perform(lifecycle.suspend())
    }

    /// Cancels the request. Everything awaiting it gets ``AsyncNetError/explicitlyCancelled`` at once.
    public func cancel() async {
        perform(lifecycle.cancel(.explicit))
    }

    /// Sends a Basic `Authorization` header with this user and password.
    ///
    /// The credential is sent with the first request rather than in answer to a challenge: on Linux, a challenge
    /// answered by URLSession makes it replay the original request on every redirect that follows. It goes only to
    /// the request's own origin; a redirect to another scheme, host or port does not carry it. A server that
    /// still answers 401 refused the credential: the 401 comes back to you.
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    /// - Returns: The request, for chaining.
    @discardableResult
    public nonisolated func authenticate(username: String, password: String) -> Self {
        let credential = BasicCredential(user: username, password: password)
        enqueue { $0.credential = credential }
        return self
    }

    /// Runs `work` on the request's executor after everything queued before it, without waiting for it. The
    /// executor is serial and first-in first-out, so work queued before the request is awaited happens first.
    nonisolated func enqueue(_ work: @escaping @Sendable (isolated DataRequest) -> Void) {
        session.executor.run { self.assumeIsolated(work) }
    }

    private func perform(_ action: RequestLifecycle.Action) {
        switch action {
        case .none:
            break
        case .startTask:
            startAttempt()
        case .resumeTask:
            task?.resume()
        case .suspendTask:
            task?.suspend()
        case .cancel(let reason, _):
            task?.cancel()
            switch reason {
            case .explicit: complete(with: .explicitlyCancelled)
            case .timedOut(let after): complete(with: .timedOut(after: after))
            }
        }
    }

    private func startAttempt() {
        var built: URLRequest
        do {
            built = try builder.build(baseURL: session.baseURL)
        } catch {
            if lifecycle.finish() { complete(with: error) }
            return
        }
        if let credential { built.setValue(credential.headerValue, forHTTPHeaderField: "Authorization") }
        urlRequest = built
        session.registry.assumeIsolated { $0.launch(self, with: built) }
    }

    private func armDeadline() {
        guard lifecycle.armDeadline(), let deadline else { return }
        deadlineTask = Task { [weak self] in
            guard (try? await Task.sleep(for: deadline)) != nil else { return }
            await self?.deadlinePassed(deadline)
        }
    }

    private func deadlinePassed(_ duration: Duration) {
        perform(lifecycle.cancel(.timedOut(duration)))
    }

    // MARK: - Events from the Session

    /// Takes the task the Session created. Returns false when the request was cancelled meanwhile.
    func attach(_ task: URLSessionTask) -> Bool {
        hasCreatedTask = true
        guard lifecycle.state == .resumed || lifecycle.state == .suspended else { return false }
        self.task = task
        taskIdentifier = task.taskIdentifier
        timings = TransferTimings()
        if lifecycle.state == .resumed { task.resume() }
        return true
    }

    func didReceive(_ urlResponse: URLResponse) {
        guard !isComplete else { return }
        // A new response replaces an earlier one entirely: on Linux the 401 head of an answered challenge arrives
        // first, then the real response. Its body and its validation results go with it.
        let httpResponse = urlResponse as? HTTPURLResponse
        response = httpResponse
        body.reset(expectedLength: urlResponse.expectedContentLength)
        bodyStarted = false
        drainTask?.cancel()
        drainTask = nil
        if timings?.firstByte == nil, session.responseDelivery == .incremental { timings?.firstByte = .now }
        guard !validation.isEmpty, let httpResponse else { return }
        validation.restart()
        let noBody = ValidationRun.headSaysNoBody(httpResponse, method: urlRequest?.httpMethod)
        validate(noBody ? .absentByHead : .pending)
    }

    func didReceive(_ data: Data) {
        guard !isComplete else { return }
        body.append(data)
        if !bodyStarted && !data.isEmpty {
            bodyStarted = true
            if !validation.isEmpty { validate(.arriving) }
        }
        if validation.failure != nil && body.count > Self.errorBodyLimit { finishEarly() }
    }

    /// After a validation failure, the body keeps arriving (an API's error body explains the failure) up to this
    /// size and for at most ``errorBodyGrace``; then the transfer is cancelled.
    static let errorBodyLimit = 1 << 20
    static let errorBodyGrace = Duration.milliseconds(500)

    func answer(_ challenge: ChallengeInfo) -> ChallengeReply.Answer {
        // Server trust and client certificates keep the system's handling; they are never delivered on Linux.
        guard ChallengeInfo.credentialMethods.contains(challenge.authenticationMethod) else {
            return .performDefaultHandling
        }
        // A credential is sent up front; a challenge means the server refused it, or none was given. Refusing hands
        // the 401 back to the caller (default handling would hang URLSession on Linux).
        rejectedChallenge = true
        // Delivered at completion, the 401's head never reaches `didReceive`: keep the challenge's copy of it.
        if response == nil, let failure = challenge.failureResponse { didReceive(failure) }
        return .rejectProtectionSpace
    }

    /// The request to send for a redirect. Credentials set by the caller do not leave the original origin.
    func redirect(_ next: URLRequest) -> URLRequest? {
        guard !isComplete else { return nil }
        var next = next
        if let original = urlRequest?.url, let target = next.url, Origin(original) != Origin(target) {
            for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    func didComplete(error: (any Error)?) {
        guard lifecycle.finish() else { return }
        // After a refused challenge Linux cancels the task (-999) once the 401 head is delivered: that 401 is the
        // answer, not a failure.
        let failure = error.map(AsyncNetError.wrapping)
        if case .sessionTaskFailed(let urlError) = failure, urlError.code == .cancelled, rejectedChallenge, response != nil {
            complete(with: nil)
        } else {
            complete(with: failure)
        }
    }

    // MARK: - Validation

    func add(_ validator: Validator) {
        validation.add(validator)
        guard let response else { return }
        if isComplete {
            if transportError == nil { _ = validation.run(request: urlRequest, response: response, body: .complete(body.data)) }
        } else if ValidationRun.headSaysNoBody(response, method: urlRequest?.httpMethod) {
            validate(.absentByHead)
        } else {
            validate(bodyStarted ? .arriving : .pending)
        }
    }

    private func validate(_ knowledge: ValidationRun.Body) {
        guard let response,
              validation.run(request: urlRequest, response: response, body: knowledge) != nil, !isComplete
        else { return }
        // The response is rejected: stop the transfer soon, keeping a short error body for the caller.
        if body.count > Self.errorBodyLimit { return finishEarly() }
        drainTask = Task { [weak self] in
            guard (try? await Task.sleep(for: Self.errorBodyGrace)) != nil else { return }
            await self?.finishEarly()
        }
    }

    /// Ends a transfer whose response was rejected, with what has arrived.
    private func finishEarly() {
        guard lifecycle.finish() else { return }
        task?.cancel()
        complete(with: nil)
    }

    // MARK: - Completion

    private func complete(with error: AsyncNetError?) {
        guard !isComplete else { return }
        isComplete = true
        if let error { transportError = error }
        timings?.end = .now
        deadlineTask?.cancel()
        deadlineTask = nil
        drainTask?.cancel()
        drainTask = nil
        task = nil
        if transportError == nil, let response, !validation.isEmpty {
            _ = validation.run(request: urlRequest, response: response, body: .complete(body.data))
        }
        let outcome = rawResponse()
        for waiter in waiters.removeAll() { waiter.resume(returning: outcome) }
    }

    /// Waits for the request to finish, starting it if nobody has yet, and returns what it produced.
    ///
    /// Registration and start are queued on the Session's serial executor without a round trip, and the outcome
    /// resumes the caller directly. Cancelling the caller's Task answers that caller alone with
    /// ``AsyncNetError/explicitlyCancelled``; the request is cancelled when no caller is left.
    nonisolated func completion() async -> RawResponse {
        let token = WaiterToken()
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                enqueue { $0.register(ObjectIdentifier(token), continuation) }
            }
        } onCancel: {
            enqueue { $0.waiterLeft(ObjectIdentifier(token)) }
        }
    }

    private func register(_ token: ObjectIdentifier, _ continuation: UnsafeContinuation<RawResponse, Never>) {
        if isComplete { return continuation.resume(returning: rawResponse()) }
        guard waiters.add(token, continuation) else {
            continuation.resume(returning: cancelledResponse())
            if waiters.isEmpty { perform(lifecycle.cancel(.explicit)) }
            return
        }
        armDeadline()
        perform(lifecycle.resume(automatic: true))
    }

    private func waiterLeft(_ token: ObjectIdentifier) {
        guard !isComplete, let continuation = waiters.remove(token) else { return }
        continuation.resume(returning: cancelledResponse())
        if waiters.isEmpty { perform(lifecycle.cancel(.explicit)) }
    }

    func rawResponse() -> RawResponse {
        RawResponse(
            request: urlRequest, response: response, data: response == nil ? nil : body.data,
            error: transportError ?? validation.failure, timings: timings)
    }

    private func cancelledResponse() -> RawResponse {
        RawResponse(request: urlRequest, response: response, data: nil, error: .explicitlyCancelled, timings: timings)
    }
}

/// What a request produced, before any serializer ran.
struct RawResponse: Sendable {
    let request: URLRequest?
    let response: HTTPURLResponse?
    let data: Data?
    let error: AsyncNetError?
    let timings: TransferTimings?
}
