import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries failed attempts that are safe and likely to succeed next time, with exponential backoff and jitter.
///
/// An attempt is retried when all of these hold:
/// - fewer than ``retryLimit`` retries came before it;
/// - its method is in ``retryableHTTPMethods`` (by default the idempotent ones, so a `POST` is never sent twice);
/// - it failed with a transport error whose code is in ``retryableURLErrorCodes`` (see
///   ``defaultRetryableURLErrorCodes``), or with a status code in ``retryableHTTPStatusCodes``.
///
/// A status code only fails an attempt when validation rejects it, so **retrying on status needs validation**, for
/// example `validate()`: without it a 503 is a successful response and nothing is retried. A cancelled request
/// (``AsyncNetError/explicitlyCancelled``) and a passed total deadline (``AsyncNetError/timedOut(after:)``) are never
/// retried, and neither is any other error.
///
/// The delay before retry `n` (0 for the first retry) is `exponentialBackoffScale * exponentialBackoffBase^n`
/// seconds, randomized by ``jitter`` (``Jitter/equal`` by default: between half the delay and the whole delay) and
/// never more than one hour. When the failed response carries `Retry-After` (delta-seconds or an HTTP-date, RFC
/// 9110 10.2.3), that delay is used instead, without jitter and at most ``maximumRetryAfter``; a date in the past
/// means no delay, and a value that cannot be parsed is ignored.
///
/// The policy only decides: the request waits the delay itself, and stops waiting at once when it is cancelled.
///
/// ```swift
/// let session = Session(interceptor: RetryPolicy(retryLimit: 3))
/// let json = try await session.request(url).validate().serializing(JSON.self).value
/// ```
public struct RetryPolicy: RequestInterceptor {
    /// Two retries, so at most three attempts.
    public static let defaultRetryLimit = 2
    /// Each retry waits twice as long as the one before.
    public static let defaultExponentialBackoffBase = 2
    /// The first retry waits half a second (before jitter).
    public static let defaultExponentialBackoffScale = 0.5
    /// The idempotent methods (RFC 9110 9.2.2): `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`, `QUERY`.
    public static let defaultRetryableHTTPMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, .trace, .query]
    /// 408 Request Timeout, 429 Too Many Requests, 500 Internal Server Error, 502 Bad Gateway,
    /// 503 Service Unavailable, 504 Gateway Timeout.
    public static let defaultRetryableHTTPStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// The transport errors worth another try, because the next attempt may well succeed:
    /// - `timedOut` (-1001): the idle timeout of one attempt (not the request's total deadline, which is
    ///   ``AsyncNetError/timedOut(after:)`` and is never retried);
    /// - `networkConnectionLost` (-1005): the connection dropped;
    /// - `cannotConnectToHost` (-1004): connection refused, for example while a server restarts;
    /// - `cannotFindHost` (-1003) and `dnsLookupFailed` (-1006): DNS failed, often briefly;
    /// - `notConnectedToInternet` (-1009): no network at the moment;
    /// - `unknown` (-1): what Linux reports when a connection is cut in the middle of a body ("transfer closed
    ///   with N bytes remaining"). Linux also reports a TLS failure as -1, so a TLS failure is retried too, and
    ///   fails again after ``retryLimit`` retries.
    ///
    /// `cancelled` (-999), `badURL`, `unsupportedURL`, certificate errors and every other code are not retried.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .notConnectedToInternet, .unknown,
    ]
    /// The longest `Retry-After` the policy waits: one minute.
    public static let defaultMaximumRetryAfter: Duration = .seconds(60)

    /// Retries only transient transport errors (``defaultRetryableURLErrorCodes``) of idempotent requests, never
    /// because of a status code: for a connection lost mid-request, a refused connection, a DNS hiccup.
    public static let connectionLost = RetryPolicy(retryableHTTPStatusCodes: [])

    /// The most retries of one request (0: never retry).
    public let retryLimit: Int
    /// The factor between the delays of consecutive retries (at least 1).
    public let exponentialBackoffBase: Int
    /// The delay of the first retry, in seconds, before jitter (at least 0).
    public let exponentialBackoffScale: Double
    /// The methods that may be retried.
    public let retryableHTTPMethods: Set<HTTPMethod>
    /// The status codes that are retried when validation rejects them.
    public let retryableHTTPStatusCodes: Set<Int>
    /// The `URLError` codes that are retried.
    public let retryableURLErrorCodes: Set<URLError.Code>
    /// The longest delay taken from a response's `Retry-After`; longer values are cut to it.
    public let maximumRetryAfter: Duration
    /// How computed backoff delays are randomized.
    public let jitter: Jitter

    /// Creates a retry policy. Every parameter has the default described on the matching `default...` constant.
    /// - Parameters:
    ///   - retryLimit: The most retries of one request; a negative value counts as 0.
    ///   - exponentialBackoffBase: The factor between consecutive delays; values below 1 count as 1.
    ///   - exponentialBackoffScale: The first delay in seconds; negative or NaN counts as 0.
    ///   - retryableHTTPMethods: The methods that may be retried.
    ///   - retryableHTTPStatusCodes: The status codes retried when validation rejects them.
    ///   - retryableURLErrorCodes: The transport errors that are retried.
    ///   - maximumRetryAfter: The longest delay taken from `Retry-After`; a negative value counts as 0.
    ///   - jitter: How computed delays are randomized (``Jitter/equal``, ``Jitter/full`` or ``Jitter/none``).
    public init(
        retryLimit: Int = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: Int = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods,
        retryableHTTPStatusCodes: Set<Int> = RetryPolicy.defaultRetryableHTTPStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes,
        maximumRetryAfter: Duration = RetryPolicy.defaultMaximumRetryAfter,
        jitter: Jitter = .equal
    ) {
        self.retryLimit = max(0, retryLimit)
        self.exponentialBackoffBase = max(1, exponentialBackoffBase)
        self.exponentialBackoffScale = exponentialBackoffScale >= 0 ? exponentialBackoffScale : 0
        self.retryableHTTPMethods = retryableHTTPMethods
        self.retryableHTTPStatusCodes = retryableHTTPStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.maximumRetryAfter = max(.zero, maximumRetryAfter)
        self.jitter = jitter
    }

    /// Decides about a failed attempt; see ``decision(for:dueTo:)``.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - session: The Session that ran it (not used).
    ///   - error: Why it failed.
    /// - Returns: ``RetryDecision/retryAfter(_:)`` with the delay to wait, ``RetryDecision/retry`` when that delay is
    ///   zero, or ``RetryDecision/doNotRetry``.
    public func retry(_ request: RequestSnapshot, for session: Session, dueTo error: AsyncNetError) async -> RetryDecision {
        decision(for: request, dueTo: error)
    }
}
