import Foundation

/// Reads a `Retry-After` value (RFC 9110 10.2.3): delta-seconds or an HTTP-date.
enum RetryAfter {
    /// The largest number of seconds taken from delta-seconds (more digits than that all mean "very long").
    private static let largestSeconds: Int64 = 1_000_000_000

    /// The delay a `Retry-After` value asks for, measured from `now`.
    /// - Parameters:
    ///   - value: The header value: `120`, or `Sun, 06 Nov 1994 08:49:37 GMT` (any HTTP-date form).
    ///   - now: The current time, for an HTTP-date.
    /// - Returns: The delay (zero for a date in the past), or nil when the value is neither form.
    static func delay(from value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return .seconds(min(Int64(text) ?? largestSeconds, largestSeconds))
        }
        guard let date = HTTPDate.date(from: text, now: now) else { return nil }
        let interval = date.timeIntervalSince(now)
        return interval > 0 ? .seconds(interval) : .zero
    }
}
