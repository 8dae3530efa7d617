import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The lines ``LoggingMonitor`` writes, as pure functions of their fields.
extension LoggingMonitor {
    /// The level of a finish line: `.warning` for a cancellation, `.error` for any other error or a 4xx/5xx
    /// status, `.info` otherwise.
    /// - Parameters:
    ///   - status: The final status code, when a response arrived.
    ///   - error: The request's error, if any.
    /// - Returns: The level.
    static func finishLevel(status: Int?, error: AsyncNetError?) -> Level {
        if let error { return error.isExplicitlyCancelled ? .warning : .error }
        if let status, status >= 400 { return .error }
        return .info
    }

    /// `GET https://x/users?token=<redacted> -> 200, 1532 B, 45 ms`, or
    /// `POST https://x/y -> failed: timed out after 5 s, 5001 ms, 2 retries`.
    ///
    /// The result is the status, followed by the error in parentheses when there is one
    /// (`404 (unacceptable status 404)`, `200 (decoding failed)`); without a response it is `failed: <error>`, or
    /// `cancelled`. The size, duration and retries follow when known (retries only when there were any).
    /// - Parameters:
    ///   - method: The HTTP method; nil when no request was built.
    ///   - url: The URL; nil when no request was built.
    ///   - status: The final status code, when a response arrived.
    ///   - error: The request's error, if any.
    ///   - bodyByteCount: The final response's body size, when a response arrived.
    ///   - duration: How long the request took, when measured.
    ///   - retries: How many times it was retried.
    ///   - redactingSecrets: Whether the URL's secrets are replaced by `<redacted>`.
    /// - Returns: The line.
    static func finishLine(
        method: String?, url: URL?, status: Int?, error: AsyncNetError?, bodyByteCount: Int?, duration: Duration?,
        retries: Int, redactingSecrets: Bool
    ) -> String {
        let result: String
        switch (status, error) {
        case (let status?, nil): result = "\(status)"
        case (let status?, let error?): result = "\(status) (\(error.summary))"
        case (nil, .explicitlyCancelled?): result = "cancelled"
        case (nil, let error?): result = "failed: \(error.summary)"
        case (nil, nil): result = "no response"
        }
        var parts = [result]
        if let bodyByteCount { parts.append("\(bodyByteCount) B") }
        if let duration { parts.append("\(milliseconds(duration)) ms") }
        if retries > 0 { parts.append(retries == 1 ? "1 retry" : "\(retries) retries") }
        return "\(method ?? "?") \(text(url, redactingSecrets: redactingSecrets)) -> " + parts.joined(separator: ", ")
    }

    /// `attempt 2: curl ...`: the attempt as a `curl` command.
    /// - Parameters:
    ///   - attempt: The attempt's number, from 1.
    ///   - urlRequest: What is sent, with the Session's headers (``CURLCommand/prepare(_:for:)``).
    ///   - cookies: The cookies URLSession adds.
    ///   - redactingSecrets: Whether secret values are replaced by `<redacted>`.
    /// - Returns: The line.
    static func attemptLine(
        attempt: Int, urlRequest: URLRequest, cookies: [HTTPCookie], redactingSecrets: Bool
    ) -> String {
        "attempt \(attempt): "
            + CURLCommand.make(from: urlRequest, cookies: cookies, redactingSecrets: redactingSecrets)
    }

    /// `response 200 https://x/y` followed by one indented `Name: value` line per header, sorted by name.
    /// - Parameters:
    ///   - response: The response head.
    ///   - redactingSecrets: Whether secret values (`Set-Cookie`, ...) are replaced by `<redacted>`.
    /// - Returns: The text (several lines).
    static func responseLine(_ response: HTTPURLResponse, redactingSecrets: Bool) -> String {
        let headers = response.allHeaderFields.map { ("\($0.key)", "\($0.value)") }
            .sorted { ($0.0.lowercased(), $0.0) < ($1.0.lowercased(), $1.0) }
        let lines = headers.map { name, value in
            "\n    \(name): " + (redactingSecrets ? Redaction.headerValue(name: name, value: value) : value)
        }
        return "response \(response.statusCode) \(text(response.url, redactingSecrets: redactingSecrets))"
            + lines.joined()
    }

    /// `retrying GET https://x/y in 250 ms after connection lost`.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - url: The URL, when known.
    ///   - delay: The wait before the next attempt.
    ///   - error: Why the attempt failed.
    ///   - redactingSecrets: Whether the URL's secrets are replaced by `<redacted>`.
    /// - Returns: The line.
    static func retryLine(
        method: String, url: URL?, delay: Duration, error: AsyncNetError, redactingSecrets: Bool
    ) -> String {
        "retrying \(method) \(text(url, redactingSecrets: redactingSecrets)) in \(AsyncNetError.text(delay)) "
            + "after \(error.summary)"
    }

    /// Whole milliseconds, rounded; 0 for a negative duration.
    /// - Parameter duration: A duration.
    /// - Returns: The milliseconds.
    static func milliseconds(_ duration: Duration) -> Int64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return Int64.max }
        return whole + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    private static func text(_ url: URL?, redactingSecrets: Bool) -> String {
        guard let url else { return "(no URL)" }
        return redactingSecrets ? Redaction.url(url) : url.absoluteString
    }
}
