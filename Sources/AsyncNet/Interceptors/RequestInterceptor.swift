import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Changes each attempt's `URLRequest` before it is sent: add a token, sign, rewrite.
///
/// Adapters run once per attempt (the first and each retry), the Session's first, then the request's. A redirect hop
/// is not a new attempt: it carries the previous request's adapted headers, minus credentials leaving their origin.
/// A throwing adapter fails the request with ``AsyncNetError/requestAdaptationFailed(error:)`` and nothing is sent.
public protocol RequestAdapter: Sendable {
    /// Returns the request to send.
    /// - Parameters:
    ///   - request: The request as built (or as the previous adapter left it).
    ///   - session: The Session sending it.
    /// - Returns: The request to send.
    /// - Throws: Any error; the request then fails without being sent.
    func adapt(_ request: URLRequest, for session: Session) async throws -> URLRequest
}

/// Decides whether a failed attempt is tried again.
public protocol RequestRetrier: Sendable {
    /// Decides about a failed attempt.
    /// - Parameters:
    ///   - request: What the failed attempt sent and received, and how many retries came before it.
    ///   - session: The Session that ran it.
    ///   - error: Why the attempt failed (a transport error, or a validation failure).
    /// - Returns: Whether and when to retry.
    func retry(_ request: RequestSnapshot, for session: Session, dueTo error: AsyncNetError) async -> RetryDecision
}

/// An adapter and a retrier in one; both requirements have defaults (no change, no retry).
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

extension RequestInterceptor {
    /// Sends the request unchanged.
    /// - Parameters:
    ///   - request: The request.
    ///   - session: The Session.
    /// - Returns: `request`.
    public func adapt(_ request: URLRequest, for session: Session) async throws -> URLRequest { request }

    /// Never retries.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - session: The Session.
    ///   - error: The failure.
    /// - Returns: ``RetryDecision/doNotRetry``.
    public func retry(_ request: RequestSnapshot, for session: Session, dueTo error: AsyncNetError) async -> RetryDecision {
        .doNotRetry
    }
}

/// What a retrier decided.
public enum RetryDecision: Sendable {
    /// Retry at once.
    case retry
    /// Retry after this delay (a cancelled request stops waiting at once).
    case retryAfter(Duration)
    /// Do not retry: the attempt's error is the request's.
    case doNotRetry
    /// Do not retry, and fail with ``AsyncNetError/requestRetryFailed(retryError:originalError:)`` carrying this error.
    case doNotRetryWithError(any Error)
}

/// A failed attempt as a retrier sees it: a value, safe to keep.
public struct RequestSnapshot: Sendable {
    /// The request the attempt sent (after adaptation); nil when it failed before sending.
    public let request: URLRequest?
    /// The response head, when one arrived.
    public let response: HTTPURLResponse?
    /// The body received, when a response arrived (an error body explains the failure).
    public let data: Data?
    /// How many retries came before this attempt: 0 for the first attempt.
    public let retryCount: Int

    /// Creates a snapshot; useful to test your own retriers.
    /// - Parameters:
    ///   - request: The request sent.
    ///   - response: The response head.
    ///   - data: The body.
    ///   - retryCount: Retries before this attempt.
    public init(request: URLRequest?, response: HTTPURLResponse?, data: Data?, retryCount: Int) {
        self.request = request
        self.response = response
        self.data = data
        self.retryCount = retryCount
    }

    /// The method sent (GET when unknown).
    public var method: HTTPMethod { HTTPMethod(rawValue: request?.httpMethod ?? "GET") }
}
