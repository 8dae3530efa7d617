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

    private var requestsByTask: [Int: DataRequest] = [:]
    private var waiting = WaitingQueue()
    private var running = 0

    /// Creates a Session.
    /// - Parameters:
    ///   - configuration: The URLSession configuration; ``Foundation/URLSessionConfiguration/asyncNetDefault`` by default.
    ///   - baseURL: Relative URLs given to requests resolve against it, as a browser would.
    ///   - timeout: A total deadline for every request that does not set its own.
    ///   - maxConcurrentRequests: At most this many requests run at once; `nil` (the default) means no limit.
    public init(
        configuration: URLSessionConfiguration = .asyncNetDefault,
        baseURL: URL? = nil,
        timeout: Duration? = nil,
        maxConcurrentRequests: Int? = nil
    ) {
        let delegate = SessionDelegate()
        // A nil delegate queue gives a serial queue: chunks of one task must not be reordered.
        urlSession = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.baseURL = baseURL
        defaultTimeout = timeout
        self.maxConcurrentRequests = maxConcurrentRequests.map { max(1, $0) }
        let events = delegate.events
        Task { [weak self] in
            for await event in events {
                guard let self else { return }
                await self.route(event)
            }
        }
    }

    deinit {
        urlSession.finishTasksAndInvalidate()
    }

    /// Cancels every request that is running or waiting for a slot. Requests created but not yet started are not
    /// known to the Session until they start.
    public func cancelAllRequests() async {
        let requests = Array(requestsByTask.values) + waiting.all
        for request in requests {
            await request.cancel()
        }
    }

    /// How many tasks are in flight (for tests and diagnostics).
    var inFlightCount: Int { requestsByTask.count }

    // MARK: - Running requests

    /// Runs `urlRequest` for `request` now, or when a slot is free.
    func launch(_ request: DataRequest, with urlRequest: URLRequest) async {
        if let limit = maxConcurrentRequests, running >= limit {
            waiting.append(request, urlRequest)
            return
        }
        if await !begin(request, with: urlRequest) {
            await startWaiting()
        }
    }

    /// Takes a slot, creates the task and hands it to the request. Returns false (slot given back) when the request
    /// was cancelled meanwhile.
    private func begin(_ request: DataRequest, with urlRequest: URLRequest) async -> Bool {
        running += 1
        let task = urlSession.dataTask(with: urlRequest)
        requestsByTask[task.taskIdentifier] = request
        // The mapping exists before the request resumes the task, so no event can miss it.
        if await request.attach(task) { return true }
        requestsByTask[task.taskIdentifier] = nil
        task.cancel()
        running -= 1
        return false
    }

    private func startWaiting() async {
        while let limit = maxConcurrentRequests, running < limit, let (request, urlRequest) = waiting.popFirst() {
            // A request cancelled while it waited gets no task at all.
            guard await request.state != .cancelled else { continue }
            _ = await begin(request, with: urlRequest)
        }
    }

    private func route(_ event: TaskEvent) async {
        switch event {
        case .response(let taskID, let response):
            await requestsByTask[taskID]?.didReceive(response)
        case .data(let taskID, let data):
            await requestsByTask[taskID]?.didReceive(data)
        case .challenge(let taskID, let info, let reply):
            guard let request = requestsByTask[taskID] else {
                reply(.rejectProtectionSpace)
                return
            }
            reply(await request.answer(info))
        case .completed(let taskID, let error):
            guard let request = requestsByTask.removeValue(forKey: taskID) else { return }
            running -= 1
            await request.didComplete(error: error)
            await startWaiting()
        }
    }
}

/// Requests waiting for a slot, first in first out. A popped slot is cleared at once, so a request that has left
/// the queue is never kept alive by it.
struct WaitingQueue {
    private var items: [(DataRequest, URLRequest)?] = []
    private var head = 0

    var count: Int { items.count - head }

    var all: [DataRequest] { items[head...].compactMap { $0?.0 } }

    mutating func append(_ request: DataRequest, _ urlRequest: URLRequest) {
        items.append((request, urlRequest))
    }

    mutating func popFirst() -> (DataRequest, URLRequest)? {
        guard head < items.count else { return nil }
        let item = items[head]
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
