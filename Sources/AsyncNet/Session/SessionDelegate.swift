import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What AsyncNet needs to know about an authentication challenge.
struct ChallengeInfo: Sendable {
    let authenticationMethod: String
    let previousFailureCount: Int
    /// The response that carried the challenge (the 401), when URLSession gives it.
    let failureResponse: HTTPURLResponse?

    /// The methods answered with a user and password; the others (server trust, client certificates) keep the
    /// system's handling.
    static let credentialMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodHTMLForm, NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]
}

/// How a challenge is answered: decided by the request that owns the task.
enum ChallengeReply {
    enum Answer: Sendable, Equatable {
        case rejectProtectionSpace
        case performDefaultHandling
    }

    static func give(
        _ answer: Answer, to completion: (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        switch answer {
        case .rejectProtectionSpace:
            // Never answer `.useCredential` with a nil credential: FoundationNetworking traps on it.
            completion(.rejectProtectionSpace, nil)
        case .performDefaultHandling:
            completion(.performDefaultHandling, nil)
        }
    }
}

/// The URLSession delegate: a thin, stateless bridge.
///
/// Its callbacks run on the Session's delegate queue, which is also the executor of the Session's ``TaskRegistry``
/// and requests (see ``SessionExecutor``), so each callback hands its event to the registry synchronously; the
/// registry routes it to the request that owns the task. Nothing here waits or blocks.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let registry: TaskRegistry

    init(registry: TaskRegistry) {
        self.registry = registry
        super.init()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let taskID = dataTask.taskIdentifier
        registry.assumeIsolated { $0.didReceive(response, forTask: taskID) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let taskID = dataTask.taskIdentifier
        registry.assumeIsolated { $0.didReceive(data, forTask: taskID) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let taskID = task.taskIdentifier
        registry.assumeIsolated { $0.didComplete(task: taskID, error: error) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let taskID = task.taskIdentifier
        let info = ChallengeInfo(
            authenticationMethod: challenge.protectionSpace.authenticationMethod,
            previousFailureCount: challenge.previousFailureCount,
            failureResponse: challenge.failureResponse as? HTTPURLResponse)
        let answer = registry.assumeIsolated { $0.answer(info, forTask: taskID) }
        ChallengeReply.give(answer, to: completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // AsyncNet follows redirects itself, as new attempts of the request (see RedirectHop): URLSession on Linux
        // drops a 307's body, loses a relative Location's trailing slash and sends credentials to other hosts.
        // Declining hands the 3xx to the request. A task being cancelled gets no answer: FoundationNetworking traps
        // when a redirect is answered after the task stopped waiting for it.
        guard task.state != .canceling else { return }
        completionHandler(nil)
    }
}
