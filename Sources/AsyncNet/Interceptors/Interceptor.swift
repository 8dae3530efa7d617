import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Several adapters and retriers as one interceptor.
///
/// Adapters run in order, each on the previous one's result. Retriers are asked in order; the first answer other
/// than ``RetryDecision/doNotRetry`` wins.
///
/// ```swift
/// let interceptor = Interceptor(adapters: [Adapter { request, _ in
///     var request = request
///     request.setValue("1", forHTTPHeaderField: "X-Trace")
///     return request
/// }], retriers: [RetryPolicy()])
/// ```
public struct Interceptor: RequestInterceptor {
    /// The adapters, in the order they run.
    public let adapters: [any RequestAdapter]
    /// The retriers, in the order they are asked.
    public let retriers: [any RequestRetrier]

    /// Combines adapters and retriers.
    /// - Parameters:
    ///   - adapters: Run in order.
    ///   - retriers: Asked in order.
    public init(adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = []) {
        self.adapters = adapters
        self.retriers = retriers
    }

    /// Combines interceptors: each one's adapter runs in order, and each one's retrier is asked in order.
    /// - Parameter interceptors: The interceptors.
    public init(interceptors: [any RequestInterceptor]) {
        self.init(adapters: interceptors, retriers: interceptors)
    }

    /// Runs every adapter in order.
    /// - Parameters:
    ///   - request: The request.
    ///   - session: The Session.
    /// - Returns: The request after every adapter.
    /// - Throws: The first adapter's error.
    public func adapt(_ request: URLRequest, for session: Session) async throws -> URLRequest {
        var request = request
        for adapter in adapters { request = try await adapter.adapt(request, for: session) }
        return request
    }

    /// Asks every retrier in order until one does not answer ``RetryDecision/doNotRetry``.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - session: The Session.
    ///   - error: The failure.
    /// - Returns: The first decision other than `.doNotRetry`, or `.doNotRetry`.
    public func retry(_ request: RequestSnapshot, for session: Session, dueTo error: AsyncNetError) async -> RetryDecision {
        for retrier in retriers {
            let decision = await retrier.retry(request, for: session, dueTo: error)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }
}

/// An adapter from a closure.
public struct Adapter: RequestInterceptor {
    private let body: @Sendable (URLRequest, Session) async throws -> URLRequest

    /// Creates the adapter.
    /// - Parameter body: Receives the request and the Session; returns the request to send.
    public init(_ body: @escaping @Sendable (URLRequest, Session) async throws -> URLRequest) {
        self.body = body
    }

    /// Runs the closure.
    /// - Parameters:
    ///   - request: The request.
    ///   - session: The Session.
    /// - Returns: The closure's request.
    /// - Throws: The closure's error.
    public func adapt(_ request: URLRequest, for session: Session) async throws -> URLRequest {
        try await body(request, session)
    }
}

/// A retrier from a closure.
public struct Retrier: RequestInterceptor {
    private let body: @Sendable (RequestSnapshot, Session, AsyncNetError) async -> RetryDecision

    /// Creates the retrier.
    /// - Parameter body: Receives the failed attempt, the Session and the error; returns the decision.
    public init(_ body: @escaping @Sendable (RequestSnapshot, Session, AsyncNetError) async -> RetryDecision) {
        self.body = body
    }

    /// Runs the closure.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - session: The Session.
    ///   - error: The failure.
    /// - Returns: The closure's decision.
    public func retry(_ request: RequestSnapshot, for session: Session, dueTo error: AsyncNetError) async -> RetryDecision {
        await body(request, session, error)
    }
}
