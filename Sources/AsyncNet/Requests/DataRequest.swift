import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request whose response body is collected in memory.
///
/// Created by ``Session/request(_:method:headers:timeout:interceptor:requestModifier:)``. It starts when its first
/// serializer is awaited (or on ``resume()``); every serializer on one request shares that one network call, and a
/// serializer added after completion still runs.
///
/// A request runs one or more attempts: a retry decided by a ``RequestRetrier`` and each redirect hop are new
/// attempts of the same request, under the same total deadline.
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

    let builder: RequestBuilder
    /// The Session's interceptor and the request's, combined (the Session's runs first).
    let interceptor: (any RequestInterceptor)?
    private let deadline: Duration?
    var lifecycle = RequestLifecycle()
    var task: (any TransferTask)?
    /// Whether the current task was resumed (and not paused since).
    var taskIsRunning = false
    private var deadlineTask: Task<Void, Never>?

    // Attempts: retries and redirect hops.
    /// The request as built, before adaptation: every attempt starts from it.
    var builtRequest: URLRequest?
    /// The next redirect hop, when one is decided.
    var hopRequest: URLRequest?
    var redirectHandler: any RedirectHandler
    /// The most body bytes this request accepts (nil: no limit).
    var responseSizeLimit: Int?
    var redirectCount = 0
    var attemptCount = 0
    /// Requests handed to the Session so far: attempts and redirect hops.
    var sendCount = 0
    /// Adaptation, a retrier's or redirect handler's decision, or a retry's delay, while one runs.
    var decisionTask: Task<Void, Never>?
    var credential: BasicCredential?

    // The current attempt.
    var urlRequest: URLRequest?
    var response: HTTPURLResponse?
    var body = ResponseBody()
    var bodyStarted = false
    var timings = RequestTimings()
    var rejectedChallenge = false
    var validation = ValidationRun()
    var drainTask: Task<Void, Never>?
    /// Monitors of this request only (the Session's are `session.monitorChannels`).
    var requestChannels: [MonitorChannel] = []

    // The outcome.
    /// The request's error other than a validation failure (transport, cancellation, deadline, adaptation, ...).
    var transportError: AsyncNetError?
    private(set) var isComplete = false
    private var waiters = WaiterList<CheckedContinuation<RawResponse, Never>>()

    init(session: Session, builder: RequestBuilder, timeout: Duration?, interceptor: (any RequestInterceptor)?) {
        self.session = session
        self.builder = builder
        deadline = Deadline.normalized(timeout ?? session.defaultTimeout)
        switch (session.interceptor, interceptor) {
        case (let shared?, let own?): self.interceptor = Interceptor(interceptors: [shared, own])
        case (let shared?, nil): self.interceptor = shared
        case (nil, let own): self.interceptor = own
        }
        redirectHandler = session.redirectHandler
        responseSizeLimit = session.maxResponseSize
        for channel in session.monitorChannels { channel.send(.created(self)) }
    }

    /// Runs the request on its Session's executor (shared with the delegate queue), so events reach it without a hop.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { session.executor.asUnownedSerialExecutor() }

    /// Where the request is in its life.
    public var state: RequestState { lifecycle.state }

    /// The URLRequest of the latest attempt, as sent (after adaptation), once the request has started.
    public var request: URLRequest? { urlRequest }

    /// The response head of the latest attempt, once it arrived.
    public var httpResponse: HTTPURLResponse? { response }

    /// How many times the request was retried (redirect hops do not count).
    public var retryCount: Int { max(0, attemptCount - 1) }

    /// Whether a URLSession task was ever created for this request (a request cancelled first never makes one).
    var hasCreatedTask = false

    /// The identifier of the current attempt's URLSession task. Events of an earlier attempt's task are ignored.
    var taskIdentifier: Int?

    /// How many callers await the outcome (for tests and diagnostics).
    var waiterCount: Int { waiters.count }

    // MARK: - Control

    /// Starts the request, or resumes it after ``suspend()``. Serializers start it for you.
    public func resume() async {
        timings.requestStarted()
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

    /// Ends the request because its Session is going away.
    func end(with reason: RequestLifecycle.CancelReason) {
        perform(lifecycle.cancel(reason))
    }

    /// Sends an event to the Session's monitors and the request's; builds it only when someone listens.
    func emit(_ event: @autoclosure () -> MonitorEvent) {
        let shared = session.monitorChannels
        guard !shared.isEmpty || !requestChannels.isEmpty else { return }
        let event = event()
        for channel in shared { channel.send(event) }
        for channel in requestChannels { channel.send(event) }
    }

    /// Runs `work` on the request's executor after everything queued before it, without waiting for it. The
    /// executor is serial and first-in first-out, so work queued before the request is awaited happens first.
    nonisolated func enqueue(_ work: @escaping @Sendable (isolated DataRequest) -> Void) {
        session.executor.run { self.assumeIsolated(work) }
    }

    func perform(_ action: RequestLifecycle.Action) {
        switch action {
        case .none:
            break
        case .startTask:
            startAttempt()
        case .resumeTask:
            guard let task, !taskIsRunning || task.canPause else { return }
            task.resume()
            taskIsRunning = true
        case .suspendTask:
            // A started transfer that cannot pause safely keeps running; its outcome is delivered as usual.
            guard let task, task.canPause else { return }
            task.suspend()
            taskIsRunning = false
        case .cancel(let reason, _):
            task?.cancelIfRunning()
            emit(.cancelled(self))
            switch reason {
            case .explicit: complete(with: .explicitlyCancelled)
            case .timedOut(let after): complete(with: .timedOut(after: after))
            case .sessionInvalidated: complete(with: .sessionInvalidated)
            }
        }
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

    // MARK: - Completion

    /// Ends the request for good with the last attempt's outcome (`error` nil: its response, or its validation
    /// failure).
    func finish(with error: AsyncNetError?) {
        guard lifecycle.finish() else { return }
        complete(with: error)
    }

    private func complete(with error: AsyncNetError?) {
        guard !isComplete else { return }
        isComplete = true
        transportError = error
        timings.requestEnded()
        deadlineTask?.cancel()
        drainTask?.cancel()
        decisionTask?.cancel()
        deadlineTask = nil
        drainTask = nil
        decisionTask = nil
        task = nil
        session.registry.assumeIsolated { $0.requestEnded(self) }
        let outcome = rawResponse()
        for waiter in waiters.removeAll() { waiter.resume(returning: outcome) }
        emit(.finished(self, RequestOutcome(
            request: outcome.request, response: outcome.response, bodyByteCount: outcome.data?.count ?? 0,
            error: outcome.error, metrics: outcome.timings.metrics(serialization: .zero), retryCount: outcome.retryCount)))
        for channel in requestChannels { channel.close() }
        requestChannels = []
    }

    /// Waits for the request to finish, starting it if nobody has yet, and returns what it produced.
    ///
    /// The caller's registration also starts the request, in one hop onto the Session's executor. The continuation
    /// is created and awaited on that executor, so the outcome can never resume it before it is suspended (an early
    /// resume from another thread is correct in the runtime but invisible to the Thread Sanitizer). Cancelling the
    /// caller's Task answers that caller alone with ``AsyncNetError/explicitlyCancelled``; the request is cancelled
    /// when no caller is left.
    func completion() async -> RawResponse {
        let token = WaiterToken()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard !Task.isCancelled else {
                    // Cancelled before it awaited: this caller leaves at once and starts nothing.
                    continuation.resume(returning: isComplete ? rawResponse() : cancelledResponse())
                    if waiters.isEmpty && !isComplete { perform(lifecycle.cancel(.explicit)) }
                    return
                }
                register(ObjectIdentifier(token), continuation)
            }
        } onCancel: {
            enqueue { $0.waiterLeft(ObjectIdentifier(token)) }
        }
    }

    private func register(_ token: ObjectIdentifier, _ continuation: CheckedContinuation<RawResponse, Never>) {
        if isComplete { return continuation.resume(returning: rawResponse()) }
        guard waiters.add(token, continuation) else {
            continuation.resume(returning: cancelledResponse())
            if waiters.isEmpty { perform(lifecycle.cancel(.explicit)) }
            return
        }
        timings.requestStarted()
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
            error: isComplete ? transportError ?? validation.failure : nil, timings: timings, retryCount: retryCount)
    }

    private func cancelledResponse() -> RawResponse {
        RawResponse(request: urlRequest, response: response, data: nil, error: .explicitlyCancelled, timings: timings,
                    retryCount: retryCount)
    }
}

/// What a request produced, before any serializer ran.
struct RawResponse: Sendable {
    let request: URLRequest?
    let response: HTTPURLResponse?
    let data: Data?
    let error: AsyncNetError?
    let timings: RequestTimings
    let retryCount: Int
}
