import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The three ways to run a URLSession data task, without AsyncNet, to show what each costs by itself.
enum RawMode: String, CaseIterable {
    /// `URLSession.data(for:)`.
    case asyncData = "data(for:)"
    /// `dataTask(with:completionHandler:)` resumed into a continuation.
    case completionHandler = "completion handler"
    /// A session-delegate data task: response, data and completion callbacks, buffered by the delegate.
    case delegate = "session delegate"
}

/// A minimal session delegate that buffers each task's body and resumes one continuation per task.
/// Benchmark-only code: the delegate's table is touched only on the session's serial delegate queue.
final class MinimalDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private var buffers: [Int: Data] = [:]
    private var continuations: [Int: CheckedContinuation<Data, any Error>] = [:]

    func register(_ task: URLSessionTask, _ continuation: CheckedContinuation<Data, any Error>) {
        continuations[task.taskIdentifier] = continuation
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let expected = response.expectedContentLength
        var data = Data()
        if expected > 0 { data.reserveCapacity(Int(expected)) }
        buffers[dataTask.taskIdentifier] = data
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        buffers[dataTask.taskIdentifier, default: Data()].append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let data = buffers.removeValue(forKey: task.taskIdentifier) ?? Data()
        guard let continuation = continuations.removeValue(forKey: task.taskIdentifier) else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
    }
}

struct RawClient: Sendable {
    let mode: RawMode
    let session: URLSession
    let delegate: MinimalDelegate?

    init(mode: RawMode) {
        self.mode = mode
        if mode == .delegate {
            let delegate = MinimalDelegate()
            self.delegate = delegate
            // The delegate queue is a serial OperationQueue made by URLSession (delegateQueue: nil).
            session = URLSession(configuration: .asyncNetDefault, delegate: delegate, delegateQueue: nil)
        } else {
            delegate = nil
            session = URLSession(configuration: .asyncNetDefault)
        }
    }

    func fetch(_ url: URL) async throws -> Data {
        switch mode {
        case .asyncData:
            return try await session.data(for: URLRequest(url: url)).0
        case .completionHandler:
            return try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: URLRequest(url: url)) { data, _, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data ?? Data()) }
                }.resume()
            }
        case .delegate:
            let session = self.session
            let delegate = self.delegate
            return try await withCheckedThrowingContinuation { continuation in
                // Register on the delegate queue, where every other access to the table happens.
                session.delegateQueue.addOperation {
                    let task = session.dataTask(with: URLRequest(url: url))
                    delegate?.register(task, continuation)
                    task.resume()
                }
            }
        }
    }
}
