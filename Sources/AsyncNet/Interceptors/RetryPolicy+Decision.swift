import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The pure parts of RetryPolicy: no network, no sleeping, no Session; testable with a snapshot and an error.
extension RetryPolicy {
    /// The longest computed backoff, so that a large retry limit cannot overflow a `Duration`.
    static let longestBackoff: Duration = .seconds(3600)

    /// Decides about a failed attempt without the network: what ``retry(_:for:dueTo:)`` answers.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - error: Why it failed.
    /// - Returns: ``RetryDecision/doNotRetry`` unless ``shouldRetry(_:dueTo:)``; otherwise
    ///   ``RetryDecision/retryAfter(_:)`` with the `Retry-After` delay or the backoff, or ``RetryDecision/retry``
    ///   when that delay is zero.
    public func decision(for request: RequestSnapshot, dueTo error: AsyncNetError) -> RetryDecision {
        decision(for: request, dueTo: error, now: Date())
    }

    /// ``decision(for:dueTo:)`` at a given time (an HTTP-date in `Retry-After` is measured from `now`).
    func decision(for request: RequestSnapshot, dueTo error: AsyncNetError, now: Date) -> RetryDecision {
        guard shouldRetry(request, dueTo: error) else { return .doNotRetry }
        let delay = retryAfterDelay(in: request.response, now: now) ?? backoff(forRetry: request.retryCount)
        return delay > .zero ? .retryAfter(delay) : .retry
    }

    /// Whether the attempt is retried at all: the limit is not reached, the method may be retried, and the error
    /// is retryable.
    /// - Parameters:
    ///   - request: The failed attempt.
    ///   - error: Why it failed.
    /// - Returns: `true` to retry.
    public func shouldRetry(_ request: RequestSnapshot, dueTo error: AsyncNetError) -> Bool {
        request.retryCount < retryLimit && retryableHTTPMethods.contains(request.method) && isRetryable(error)
    }

    /// Whether an error is one this policy retries: a status code of ``retryableHTTPStatusCodes`` rejected by
    /// validation, or a transport error whose code is in ``retryableURLErrorCodes``. Cancellation, the total
    /// deadline and every other error are not.
    /// - Parameter error: The error.
    /// - Returns: `true` when the error is retryable.
    public func isRetryable(_ error: AsyncNetError) -> Bool {
        switch error {
        case .responseValidationFailed(.unacceptableStatusCode(let code)):
            return retryableHTTPStatusCodes.contains(code)
        case .sessionTaskFailed(let urlError):
            return retryableURLErrorCodes.contains(urlError.code)
        default:
            return false
        }
    }

    /// The delay before retry number `retryCount` (0 for the first retry), without `Retry-After`:
    /// `exponentialBackoffScale * exponentialBackoffBase^retryCount` seconds (at most one hour), then ``jitter``.
    /// - Parameter retryCount: How many retries came before the failed attempt.
    /// - Returns: The delay.
    public func backoff(forRetry retryCount: Int) -> Duration {
        let seconds = exponentialBackoffScale * pow(Double(exponentialBackoffBase), Double(max(0, retryCount)))
        let longest = Self.longestBackoff.inSeconds
        let bounded = seconds.isNaN ? 0 : min(seconds, longest)
        return jitter.apply(to: .seconds(bounded))
    }

    /// The delay the response's `Retry-After` asks for, at most ``maximumRetryAfter``; nil when there is no
    /// response, no header, or a value that cannot be parsed.
    func retryAfterDelay(in response: HTTPURLResponse?, now: Date) -> Duration? {
        guard let value = response?.value(forHTTPHeaderField: "Retry-After"),
              let delay = RetryAfter.delay(from: value, now: now) else { return nil }
        return min(delay, maximumRetryAfter)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
