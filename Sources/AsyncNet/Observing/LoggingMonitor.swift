import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``EventMonitor`` that logs one line per finished request, and more when `verbose`.
///
/// ```swift
/// let session = Session(eventMonitors: [LoggingMonitor()])
/// // GET https://api.example.com/users?token=<redacted> -> 200, 1532 B, 45 ms
/// // POST https://api.example.com/orders -> failed: timed out after 5 s, 5001 ms, 2 retries
/// ```
///
/// The finish line gives the method, the URL, the status (or the error in a few words), the body's size, the
/// duration and the retries (when any). A success (a 1xx, 2xx or 3xx status without error) is logged at
/// ``Level/info``; a 4xx or 5xx status, a validation failure or any other error at ``Level/error``; a
/// cancellation at ``Level/warning``.
///
/// With `verbose`, it also logs at ``Level/debug``: each attempt as a `curl` command, each response head, and each
/// retry with its delay. Lines below `level` are not produced, so verbose output needs `level: .debug`.
///
/// With `redactingSecrets` (the default), secret values are replaced by `<redacted>`: secret headers, cookies,
/// the URL's password and secret query parameters (the names are listed in one place, `SecretNames`).
public struct LoggingMonitor: EventMonitor {
    /// How important a line is.
    public enum Level: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
        /// Verbose details: attempts, response heads, retries.
        case debug
        /// A request that succeeded.
        case info
        /// A request that was cancelled.
        case warning
        /// A request that failed.
        case error

        /// Orders levels from ``debug`` to ``error``.
        /// - Parameters:
        ///   - lhs: A level.
        ///   - rhs: Another level.
        /// - Returns: Whether `lhs` is less important than `rhs`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// `debug`, `info`, `warning` or `error`.
        public var description: String {
            switch self {
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            }
        }
    }

    /// The least important level that is logged.
    public let level: Level
    /// Whether attempts, response heads and retries are logged too (at ``Level/debug``).
    public let verbose: Bool
    /// Whether secret values are replaced by `<redacted>`.
    public let redactingSecrets: Bool
    private let log: @Sendable (Level, String) -> Void

    /// Creates a logging monitor.
    /// - Parameters:
    ///   - level: The least important level that is logged; ``Level/info`` by default.
    ///   - verbose: Whether to log each attempt (as a `curl` command), response head and retry, at
    ///     ``Level/debug``; these lines need `level: .debug`.
    ///   - redactingSecrets: Whether secret values are replaced by `<redacted>`; `true` by default.
    ///   - log: Receives each line with its level; `print`s it by default. It is called from the monitor's own
    ///     task, one line at a time per request.
    public init(
        level: Level = .info, verbose: Bool = false, redactingSecrets: Bool = true,
        log: @escaping @Sendable (Level, String) -> Void = { print($1) }
    ) {
        self.level = level
        self.verbose = verbose
        self.redactingSecrets = redactingSecrets
        self.log = log
    }

    /// Logs the attempt as a `curl` command, when verbose: with the Session configuration's additional headers and
    /// its stored cookies, as URLSession sends them.
    /// - Parameters:
    ///   - request: The request.
    ///   - attempt: The attempt's number, from 1.
    ///   - urlRequest: What is sent.
    public func request(_ request: DataRequest, didStartAttempt attempt: Int, with urlRequest: URLRequest) async {
        guard verbose, level <= .debug else { return }
        let (prepared, cookies) = CURLCommand.prepare(urlRequest, for: request.session.urlSession.configuration)
        log(.debug, Self.attemptLine(
            attempt: attempt, urlRequest: prepared, cookies: cookies, redactingSecrets: redactingSecrets))
    }

    /// Logs the response head, when verbose.
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The head.
    public func request(_ request: DataRequest, didReceive response: HTTPURLResponse) async {
        guard verbose, level <= .debug else { return }
        log(.debug, Self.responseLine(response, redactingSecrets: redactingSecrets))
    }

    /// Logs the retry and its delay, when verbose.
    /// - Parameters:
    ///   - request: The request.
    ///   - delay: The wait before the next attempt.
    ///   - error: Why the attempt failed.
    public func request(_ request: DataRequest, willRetryAfter delay: Duration, dueTo error: AsyncNetError) async {
        guard verbose, level <= .debug else { return }
        let sent = await request.request
        log(.debug, Self.retryLine(
            method: sent?.httpMethod ?? "GET", url: sent?.url, delay: delay, error: error,
            redactingSecrets: redactingSecrets))
    }

    /// Logs the request's finish line, at a level that depends on the outcome.
    /// - Parameters:
    ///   - request: The request.
    ///   - outcome: What it produced.
    public func request(_ request: DataRequest, didFinishWith outcome: RequestOutcome) async {
        let status = outcome.response?.statusCode
        let lineLevel = Self.finishLevel(status: status, error: outcome.error)
        guard lineLevel >= level else { return }
        log(lineLevel, Self.finishLine(
            method: outcome.request.map { $0.httpMethod ?? "GET" }, url: outcome.request?.url, status: status,
            error: outcome.error, bodyByteCount: outcome.response == nil ? nil : outcome.bodyByteCount,
            duration: outcome.metrics?.totalDuration, retries: outcome.retryCount,
            redactingSecrets: redactingSecrets))
    }
}
