import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Session's table of running tasks: which request owns each URLSession task, and who waits for a slot.
///
/// An actor on the Session's executor, which is also the delegate queue, so the delegate reports each event with a
/// synchronous `assumeIsolated` call. (It is a separate actor because the delegate must hold it before the
/// URLSession exists, and an actor cannot hand `self` to its own stored properties' initializers.)
actor TaskRegistry {
    nonisolated let executor: SessionExecutor
    private let maxConcurrentRequests: Int?
    private var requestsByTask: [Int: DataRequest] = [:]
    private var waiting = WaitingQueue()
    private var running = 0
    /// Started requests that have not finished, by identity.
    private var live: [ObjectIdentifier: DataRequest] = [:]
    private var isInvalidated = false
    /// Stubbed tasks (negative identifiers, so they never meet URLSession's) and their playback.
    var stubbed: [Int: StubPlayback] = [:]
    var nextStubIdentifier = 0

    /// Runs this actor on the Session's executor.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: SessionExecutor, maxConcurrentRequests: Int?) {
        self.executor = executor
        self.maxConcurrentRequests = maxConcurrentRequests
    }

    var inFlightCount: Int { requestsByTask.count }

    /// Every request that started and has not finished: running, waiting for a slot, or between two attempts
    /// (adapting, deciding on a retry or a redirect, waiting to retry).
    var activeRequests: [DataRequest] { Array(live.values) }

    /// A request started (or is preparing another attempt).
    func requestStarted(_ request: DataRequest) {
        live[ObjectIdentifier(request)] = request
    }

    /// A started request ended for good.
    func requestEnded(_ request: DataRequest) {
        live[ObjectIdentifier(request)] = nil
    }

    /// Refuses new work and returns every request running or waiting, for the Session to end.
    func invalidate() -> [DataRequest] {
        isInvalidated = true
        let active = activeRequests
        while waiting.popFirst() != nil {}
        return active
    }

    // MARK: - Starting tasks

    /// Runs `urlRequest` for `request` now, or when a slot is free.
    func launch(_ request: DataRequest, with urlRequest: URLRequest) {
        guard !isInvalidated else {
            return request.assumeIsolated { $0.end(with: .sessionInvalidated) }
        }
        if let limit = maxConcurrentRequests, running >= limit {
            waiting.append(request, urlRequest)
        } else {
            begin(request, with: urlRequest)
        }
    }

    /// Takes a slot, creates the task and hands it to the request, which resumes it. The mapping exists before the
    /// task runs, so no event can miss it.
    private func begin(_ request: DataRequest, with urlRequest: URLRequest) {
        running += 1
        let task: any TransferTask
        if let stubs = request.session.stubs {
            task = makeStubTask(for: urlRequest, stubs: stubs, configuration: request.session.urlSession.configuration)
        } else {
            task = makeURLSessionTask(for: request, with: urlRequest)
        }
        requestsByTask[task.taskIdentifier] = request
        let attached = request.assumeIsolated { $0.attach(task) }
        if !attached {
            requestsByTask[task.taskIdentifier] = nil
            task.cancelIfRunning()
            running -= 1
        }
    }

    private func makeURLSessionTask(for request: DataRequest, with urlRequest: URLRequest) -> URLSessionDataTask {
        let task: URLSessionDataTask
        switch request.assumeIsolated({ $0.delivery }) {
        case .incremental:
            task = request.session.urlSession.dataTask(with: urlRequest)
        case .atCompletion:
            // The handler runs on the delegate queue, the registry's executor. The session delegate still receives
            // this task's challenges and redirects.
            task = request.session.urlSession.dataTask(with: urlRequest) { [self] data, response, error in
                assumeIsolated { $0.didFinish(request, data: data, response: response, error: error) }
            }
        }
        return task
    }

    private func startWaiting() {
        while let limit = maxConcurrentRequests, running < limit, let (request, urlRequest) = waiting.popFirst() {
            // A request cancelled while it waited gets no task at all.
            guard request.assumeIsolated({ $0.state != .cancelled }) else { continue }
            begin(request, with: urlRequest)
        }
    }

    // MARK: - Events from the delegate (called synchronously on the delegate queue)

    func didReceive(_ response: URLResponse, forTask taskID: Int) {
        requestsByTask[taskID]?.assumeIsolated { $0.didReceive(response, task: taskID) }
    }

    func didReceive(_ data: Data, forTask taskID: Int) {
        requestsByTask[taskID]?.assumeIsolated { $0.didReceive(data, task: taskID) }
    }

    func answer(_ challenge: ChallengeInfo, forTask taskID: Int) -> ChallengeReply.Answer {
        // A task nobody owns (any more) gets its challenge refused: default handling would hang on Linux.
        requestsByTask[taskID]?.assumeIsolated { $0.answer(challenge, task: taskID) } ?? .rejectProtectionSpace
    }

    /// A task delivered at completion: its head, body and end in one step, through the same paths as delegate events.
    private func didFinish(_ request: DataRequest, data: Data?, response: URLResponse?, error: (any Error)?) {
        guard let taskID = request.assumeIsolated({ $0.taskIdentifier }) else { return }
        if let response { didReceive(response, forTask: taskID) }
        if let data, !data.isEmpty { didReceive(data, forTask: taskID) }
        didComplete(task: taskID, error: error)
    }

    func didComplete(task taskID: Int, error: (any Error)?) {
        guard let request = requestsByTask.removeValue(forKey: taskID) else { return }
        running -= 1
        request.assumeIsolated { $0.didComplete(error: error, task: taskID) }
        startWaiting()
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
