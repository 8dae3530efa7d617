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
    private var body = Data()
    private var bodyIsReserved = false
    private var transportError: AsyncNetError?
    private var timings: TransferTimings?
    private var rejectedChallenge = false
    private var credential: (user: String, password: String)?

    private var validators: [Validator] = []
    private var validatedCount = 0
    private var validationError: AsyncNetError?

    private var isComplete = false
    private var waiters: [CheckedContinuation<RawResponse, Never>] = []

    init(session: Session, builder: RequestBuilder, timeout: Duration?) {
        self.session = session
        self.builder = builder
        deadline = timeout ?? session.defaultTimeout
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

    // MARK: - Control

    /// Starts the request, or resumes it after ``suspend()``. Serializers start it for you.
    public func resume() async {
        await perform(lifecycle.resume())
    }

    /// Pauses the request's task; ``resume()`` continues it.
    public func suspend() async {
        await perform(lifecycle.suspend())
    }

    /// Cancels the request. Everything awaiting it gets ``AsyncNetError/explicitlyCancelled`` at once.
    public func cancel() async {
        await perform(lifecycle.cancel(.explicit))
    }

    /// Answers the server's Basic (or other URLSession-supported) challenge with this user and password.
    /// Without a credential a challenge is refused and the 401 response comes back to the caller.
    /// - Parameters:
    ///   - username: The user name.
    ///   - password: The password.
    /// - Returns: The request, for chaining.
    @discardableResult
    public func authenticate(username: String, password: String) -> Self {
        credential = (username, password)
        return self
    }

    private func perform(_ action: RequestLifecycle.Action) async {
        switch action {
        case .none:
            break
        case .startTask:
            await startAttempt()
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

    private func startAttempt() async {
        let built: URLRequest
        do {
            built = try builder.build(baseURL: session.baseURL)
        } catch {
            if lifecycle.finish() { complete(with: error) }
            return
        }
        urlRequest = built
        if let deadline { startDeadline(deadline) }
        await session.registry.launch(self, with: built)
    }

    private func startDeadline(_ duration: Duration) {
        deadlineTask = Task { [weak self] in
            guard (try? await Task.sleep(for: duration)) != nil else { return }
            await self?.deadlinePassed(duration)
        }
    }

    private func deadlinePassed(_ duration: Duration) async {
        await perform(lifecycle.cancel(.timedOut(duration)))
    }

    // MARK: - Events from the Session

    /// Takes the task the Session created. Returns false when the request was cancelled meanwhile.
    func attach(_ task: URLSessionTask) -> Bool {
        hasCreatedTask = true
        guard lifecycle.state == .resumed || lifecycle.state == .suspended else { return false }
        self.task = task
        timings = TransferTimings()
        if lifecycle.state == .resumed { task.resume() }
        return true
    }

    func didReceive(_ urlResponse: URLResponse) {
        guard !isComplete else { return }
        // A new response replaces an earlier one entirely: on Linux the 401 head of an answered challenge arrives
        // first, then the real response. Its body and its validation results go with it.
        response = urlResponse as? HTTPURLResponse
        body = Data()
        // Sizing the buffer once avoids regrowing (and briefly holding two copies of) a large body. The cap keeps a
        // lying Content-Length from reserving absurd amounts; past it the buffer grows as usual.
        let expected = urlResponse.expectedContentLength
        bodyIsReserved = expected > Self.singleChunkSize
        if bodyIsReserved {
            body.reserveCapacity(Int(min(expected, Self.maximumReservation)))
        }
        validatedCount = 0
        validationError = nil
        if timings?.firstByte == nil { timings?.firstByte = .now }
        runValidators(bodyComplete: false)
    }

    func didReceive(_ data: Data) {
        guard !isComplete else { return }
        if body.isEmpty && !bodyIsReserved {
            body = data   // a small body arrives in one chunk: keep it without copying
        } else {
            body.append(data)
        }
    }

    private static let singleChunkSize: Int64 = 64 * 1024
    private static let maximumReservation: Int64 = 1 << 30

    private static let credentialMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodHTMLForm, NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    func answer(_ challenge: ChallengeInfo) -> ChallengeReply.Answer {
        // Server trust and client certificates keep the system's handling; they are never delivered on Linux.
        guard Self.credentialMethods.contains(challenge.authenticationMethod) else { return .performDefaultHandling }
        if let credential, challenge.previousFailureCount == 0 {
            return .useCredential(user: credential.user, password: credential.password)
        }
        // Default handling of a 401 hangs URLSession on Linux; refusing hands the 401 back to the caller.
        rejectedChallenge = true
        return .rejectProtectionSpace
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

    // MARK: - Completion

    private func complete(with error: AsyncNetError?) {
        guard !isComplete else { return }
        isComplete = true
        if let error { transportError = error }
        timings?.end = .now
        deadlineTask?.cancel()
        deadlineTask = nil
        task = nil
        if transportError == nil { runValidators(bodyComplete: true) }
        let outcome = rawResponse()
        let pending = waiters
        waiters = []
        for waiter in pending { waiter.resume(returning: outcome) }
    }

    /// Waits for the request to finish, starting it if nobody has yet, and returns what it produced.
    /// Cancelling the awaiting Task cancels the request.
    func completion() async -> RawResponse {
        if isComplete { return rawResponse() }
        if Task.isCancelled {
            await cancel()
        } else {
            await perform(lifecycle.resume(automatic: true))
        }
        if isComplete { return rawResponse() }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func rawResponse() -> RawResponse {
        RawResponse(
            request: urlRequest, response: response, data: response == nil ? nil : body,
            error: transportError ?? validationError, timings: timings)
    }

    // MARK: - Validation

    func add(_ validator: Validator) {
        validators.append(validator)
        if response != nil { runValidators(bodyComplete: isComplete) }
    }

    /// Runs the validators not run yet, in order. Those that need the body wait for it.
    private func runValidators(bodyComplete: Bool) {
        guard let response, validationError == nil, transportError == nil else { return }
        while validatedCount < validators.count {
            let validator = validators[validatedCount]
            if validator.needsBody && !bodyComplete { return }
            if let error = validator.validate(urlRequest, response, bodyComplete ? body : nil) {
                validationError = error
                validatedCount = validators.count
                return
            }
            validatedCount += 1
        }
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
