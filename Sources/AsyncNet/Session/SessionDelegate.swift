import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One event from URLSession about one task, in the order URLSession delivered it.
enum TaskEvent: Sendable {
    case response(taskID: Int, URLResponse)
    case data(taskID: Int, Data)
    case challenge(taskID: Int, ChallengeInfo, ChallengeReply)
    case completed(taskID: Int, (any Error)?)
}

/// What AsyncNet needs to know about an authentication challenge.
struct ChallengeInfo: Sendable {
    let authenticationMethod: String
    let previousFailureCount: Int
    let host: String
}

/// Answers a challenge: the decision is made on the request actor, the answer is given here.
struct ChallengeReply: Sendable {
    enum Answer: Sendable, Equatable {
        case useCredential(user: String, password: String)
        case rejectProtectionSpace
        case performDefaultHandling
    }

    let completion: @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void

    func callAsFunction(_ answer: Answer) {
        switch answer {
        case .useCredential(let user, let password):
            completion(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
        case .rejectProtectionSpace:
            // Never answer `.useCredential` with a nil credential: FoundationNetworking traps on it (LINUX-NOTES).
            completion(.rejectProtectionSpace, nil)
        case .performDefaultHandling:
            completion(.performDefaultHandling, nil)
        }
    }
}

/// The URLSession delegate: a thin, stateless bridge.
///
/// On Linux every URLSession shares one serial work queue, so each callback only wraps its arguments in a
/// ``TaskEvent`` and yields it into an `AsyncStream` (which never blocks). The ``Session`` actor reads that stream
/// in order and routes each event to the request that owns the task.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let events: AsyncStream<TaskEvent>
    private let continuation: AsyncStream<TaskEvent>.Continuation

    override init() {
        (events, continuation) = AsyncStream.makeStream(of: TaskEvent.self, bufferingPolicy: .unbounded)
        super.init()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        continuation.yield(.response(taskID: dataTask.taskIdentifier, response))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.data(taskID: dataTask.taskIdentifier, data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.yield(.completed(taskID: task.taskIdentifier, error))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let info = ChallengeInfo(
            authenticationMethod: challenge.protectionSpace.authenticationMethod,
            previousFailureCount: challenge.previousFailureCount,
            host: challenge.protectionSpace.host)
        continuation.yield(.challenge(taskID: task.taskIdentifier, info, ChallengeReply(completion: completionHandler)))
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        continuation.finish()
    }
}
