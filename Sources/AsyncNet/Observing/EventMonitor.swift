import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Observes what requests do: a small set of callbacks, each optional (the defaults do nothing).
///
/// Callbacks arrive in order for each request, on a task of the monitor's own: a slow monitor lags behind, it never
/// slows the requests (events wait in its queue, in memory). Set monitors on the Session
/// (`Session(eventMonitors: [LoggingMonitor()])`) or on one request (`request.monitor(with:)`).
///
/// ```swift
/// struct Timings: EventMonitor {
///     func request(_ request: DataRequest, didFinishWith outcome: RequestOutcome) async {
///         print(outcome.request?.url?.absoluteString ?? "?", outcome.metrics?.totalDuration ?? .zero)
///     }
/// }
/// ```
public protocol EventMonitor: Sendable {
    /// A request was created (nothing is sent yet).
    /// - Parameter request: The request.
    func requestCreated(_ request: DataRequest) async

    /// An attempt is about to be sent (after adaptation): the first one, a retry or a redirect hop.
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: What is sent.
    ///   - attempt: The attempt's number among this request's attempts and hops, from 1.
    func request(_ request: DataRequest, didStartAttempt attempt: Int, with urlRequest: URLRequest) async

    /// The adapters changed an attempt's request (called once per attempt, before it starts, when they did).
    /// - Parameters:
    ///   - request: The request.
    ///   - initial: The request before adaptation.
    ///   - adapted: The request after it.
    func request(_ request: DataRequest, didAdapt initial: URLRequest, to adapted: URLRequest) async

    /// A response head arrived.
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The head.
    func request(_ request: DataRequest, didReceive response: HTTPURLResponse) async

    /// A retrier decided to retry after `delay`.
    /// - Parameters:
    ///   - request: The request.
    ///   - delay: The wait before the next attempt.
    ///   - error: Why the attempt failed.
    func request(_ request: DataRequest, willRetryAfter delay: Duration, dueTo error: AsyncNetError) async

    /// The request was cancelled (by `cancel()`, by its last awaiting caller leaving, or by its deadline); the
    /// finish callback follows.
    /// - Parameter request: The request.
    func requestCancelled(_ request: DataRequest) async

    /// The request finished: with a response, an error, or a cancellation.
    /// - Parameters:
    ///   - request: The request.
    ///   - outcome: What it produced.
    func request(_ request: DataRequest, didFinishWith outcome: RequestOutcome) async
}

extension EventMonitor {
    /// Does nothing.
    /// - Parameter request: The request.
    public func requestCreated(_ request: DataRequest) async {}
    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    ///   - attempt: The attempt.
    ///   - urlRequest: What is sent.
    public func request(_ request: DataRequest, didStartAttempt attempt: Int, with urlRequest: URLRequest) async {}
    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    ///   - initial: Before adaptation.
    ///   - adapted: After it.
    public func request(_ request: DataRequest, didAdapt initial: URLRequest, to adapted: URLRequest) async {}
    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The head.
    public func request(_ request: DataRequest, didReceive response: HTTPURLResponse) async {}
    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    ///   - delay: The wait.
    ///   - error: The failure.
    public func request(_ request: DataRequest, willRetryAfter delay: Duration, dueTo error: AsyncNetError) async {}
    /// Does nothing.
    /// - Parameter request: The request.
    public func requestCancelled(_ request: DataRequest) async {}
    /// Does nothing.
    /// - Parameters:
    ///   - request: The request.
    ///   - outcome: What it produced.
    public func request(_ request: DataRequest, didFinishWith outcome: RequestOutcome) async {}
}

/// What a finished request produced, as monitors see it.
public struct RequestOutcome: Sendable {
    /// The last request sent (nil when none was built).
    public let request: URLRequest?
    /// The final response head, when one arrived.
    public let response: HTTPURLResponse?
    /// How many body bytes the final response carried.
    public let bodyByteCount: Int
    /// Why it failed, if it did (`.explicitlyCancelled` for a cancellation).
    public let error: AsyncNetError?
    /// The timings AsyncNet measured for the last attempt.
    public let metrics: ResponseMetrics?
    /// How many times the request was retried.
    public let retryCount: Int

    /// Creates an outcome; useful to test your own monitors.
    /// - Parameters:
    ///   - request: The last request sent.
    ///   - response: The final response head.
    ///   - bodyByteCount: The final body's size.
    ///   - error: Why it failed.
    ///   - metrics: The timings.
    ///   - retryCount: How many retries.
    public init(request: URLRequest?, response: HTTPURLResponse?, bodyByteCount: Int, error: AsyncNetError?,
                metrics: ResponseMetrics?, retryCount: Int) {
        self.request = request
        self.response = response
        self.bodyByteCount = bodyByteCount
        self.error = error
        self.metrics = metrics
        self.retryCount = retryCount
    }
}
