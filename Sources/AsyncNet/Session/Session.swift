import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Creates requests and runs them on one URLSession.
///
/// A Session owns one URLSession and one delegate bridge, and maps each URLSession task to the request actor that
/// owns it. Keep a Session for as long as you make requests with it; ``Session/default`` lives for the process.
///
/// ```swift
/// let session = Session()
/// let user = try await session.request("https://api.example.com/user").serializing(User.self).value
/// ```
public actor Session {
    /// A shared Session with the default configuration.
    public static let `default` = Session()

    /// The URLSession every request of this Session runs on.
    public nonisolated let urlSession: URLSession
    /// Relative URLs given to requests are resolved against this URL.
    public nonisolated let baseURL: URL?
    /// The total deadline for requests that do not set their own `timeout`.
    public nonisolated let defaultTimeout: Duration?
    /// The most requests that run at once; further requests wait their turn. `nil` means no limit.
    public nonisolated let maxConcurrentRequests: Int?
    /// How requests receive their responses from URLSession.
    public nonisolated let responseDelivery: ResponseDelivery
    /// Adapts and retries every request of this Session (before a request's own interceptor).
    public nonisolated let interceptor: (any RequestInterceptor)?
    /// Decides the redirects of every request that does not set its own.
    public nonisolated let redirectHandler: any RedirectHandler
    /// The most body bytes a request of this Session accepts (nil: no limit); a request can set its own.
    public nonisolated let maxResponseSize: Int?
    /// The stub server answering this Session's requests instead of the network, in tests.
    public nonisolated let stubs: StubServer?
    /// Where this Session's monitors receive events.
    nonisolated let monitorChannels: [MonitorChannel]

    /// The media types the configuration's `Accept` header names (`*/*` when it names none), for `validate()`.
    nonisolated let configuredAcceptableTypes: AcceptRanges

    /// The serial executor shared by this Session, its registry, its requests and the URLSession delegate queue.
    nonisolated let executor: SessionExecutor
    /// Which request owns each task; the delegate reports to it.
    nonisolated let registry: TaskRegistry

    /// Runs the Session on the executor it shares with its requests and the delegate queue.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Creates a Session.
    /// - Parameters:
    ///   - configuration: The URLSession configuration; ``Foundation/URLSessionConfiguration/asyncNetDefault`` by default.
    ///   - baseURL: Relative URLs given to requests resolve against it, as a browser would.
    ///   - timeout: A total deadline for every request that does not set its own.
    ///   - interceptor: Adapts and retries every request (for example ``RetryPolicy``), before a request's own.
    ///   - redirectHandler: Decides redirects; ``Redirector/follow`` (up to ten hops) by default.
    ///   - eventMonitors: Observe every request of this Session (for example ``LoggingMonitor``).
    ///   - maxConcurrentRequests: At most this many requests run at once; `nil` (the default) means no limit.
    ///   - maxResponseSize: The most body bytes a request accepts; more fails with
    ///     ``AsyncNetError/responseTooLarge(limit:)`` as soon as the limit is crossed. `nil` (the default): no limit.
    ///   - responseDelivery: `.incremental` (the default) or `.atCompletion`; see ``ResponseDelivery``.
    ///   - stubs: Answers every request instead of the network (for tests; see ``StubServer``). Everything else
    ///     about the Session stays real.
    public init(
        configuration: URLSessionConfiguration = .asyncNetDefault,
        baseURL: URL? = nil,
        timeout: Duration? = nil,
        interceptor: (any RequestInterceptor)? = nil,
        redirectHandler: any RedirectHandler = Redirector.follow,
        eventMonitors: [any EventMonitor] = [],
        maxConcurrentRequests: Int? = nil,
        maxResponseSize: Int? = nil,
        responseDelivery: ResponseDelivery = .incremental,
        stubs: StubServer? = nil
    ) {
        let limit = maxConcurrentRequests.map { max(1, $0) }
        executor = SessionExecutor(label: "AsyncNet.Session")
        registry = TaskRegistry(executor: executor, maxConcurrentRequests: limit)
        // The delegate queue is serial (chunks of one task must not be reordered) and runs on the executor.
        urlSession = URLSession(
            configuration: configuration, delegate: SessionDelegate(registry: registry),
            delegateQueue: executor.makeDelegateQueue())
        self.baseURL = baseURL
        defaultTimeout = Deadline.normalized(timeout)
        let accept = configuration.httpAdditionalHeaders?.first { ($0.key as? String)?.lowercased() == "accept" }
        configuredAcceptableTypes = (accept?.value as? String).map(AcceptRanges.init(header:)) ?? .any
        self.maxConcurrentRequests = limit
        self.responseDelivery = responseDelivery
        self.maxResponseSize = maxResponseSize.map { max(0, $0) }
        self.stubs = stubs
        self.interceptor = interceptor
        self.redirectHandler = redirectHandler
        monitorChannels = eventMonitors.map(MonitorChannel.init)
    }

    deinit {
        urlSession.finishTasksAndInvalidate()
    }

    /// Cancels every request that started and has not finished: running, waiting for a slot, or between attempts
    /// (adapting, or waiting to retry). Requests created but not yet started are not known to the Session until they
    /// start.
    public func cancelAllRequests() async {
        for request in await registry.activeRequests {
            await request.cancel()
        }
    }

    /// Ends the Session: every request running or waiting ends at once with ``AsyncNetError/sessionInvalidated``
    /// (so does every request started afterwards), the URLSession's tasks are cancelled, and the URLSession releases
    /// its delegate. Calling it again does nothing.
    public func invalidate() async {
        for request in await registry.invalidate() {
            await request.end(with: .sessionInvalidated)
        }
        urlSession.invalidateAndCancel()
    }

    /// How many tasks are in flight (for tests and diagnostics).
    var inFlightCount: Int {
        get async { await registry.inFlightCount }
    }
}
