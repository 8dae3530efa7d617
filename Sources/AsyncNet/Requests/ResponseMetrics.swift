import Foundation

/// Timings AsyncNet measures itself (URLSession on Linux never delivers `URLSessionTaskMetrics`).
///
/// ```swift
/// let response = await session.request(url).serializing(User.self).response
/// print(response.metrics?.description ?? "")
/// // 52.1 ms in 2 attempts (1: queued 0.1 ms, first byte 20.3 ms, transfer 21.0 ms; 2: ...), serialization 0.4 ms
/// ```
public struct ResponseMetrics: Sendable, Hashable, CustomStringConvertible {
    /// When the request was first asked to run (wall clock).
    public let startDate: Date
    /// Every attempt, in order: the first, its retries and its redirect hops.
    public let attempts: [AttemptMetrics]
    /// From the request being asked to run to the end of its last attempt: every attempt, adaptation, wait for a
    /// slot and retry delay included.
    public let requestDuration: Duration
    /// Time the serializer took to produce the value.
    public let serializationDuration: Duration

    /// The last attempt's time to its response head, when one arrived (nil with `.atCompletion` delivery).
    public var timeToFirstByte: Duration? { attempts.last?.timeToFirstByte }
    /// The last attempt's transfer, from starting its task to its end.
    public var transferDuration: Duration { attempts.last?.transferDuration ?? .zero }
    /// The whole request and its serialization.
    public var totalDuration: Duration { requestDuration + serializationDuration }

    /// One line for people: total, each attempt, serialization.
    public var description: String {
        let count = attempts.count == 1 ? "1 attempt" : "\(attempts.count) attempts"
        let details = attempts.enumerated().map { index, attempt in
            "\(attempts.count > 1 ? "\(index + 1): " : "")\(attempt.description)"
        }.joined(separator: "; ")
        return "\(Self.milliseconds(requestDuration)) in \(count) (\(details)), serialization "
            + Self.milliseconds(serializationDuration)
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", Double(duration.components.seconds) * 1000
               + Double(duration.components.attoseconds) / 1e15)
    }
}

/// The timings of one attempt.
public struct AttemptMetrics: Sendable, Hashable, CustomStringConvertible {
    /// From preparing the attempt to starting its task: adaptation and waiting for a free slot.
    public let queuedDuration: Duration
    /// Time spent in the adapters, when any ran.
    public let adaptationDuration: Duration?
    /// From starting the task to the response head, when one arrived.
    public let timeToFirstByte: Duration?
    /// From starting the task to its end (zero when no task started).
    public let transferDuration: Duration

    /// `queued 0.1 ms, adapted 0.2 ms, first byte 12.0 ms, transfer 13.1 ms`.
    public var description: String {
        var parts = ["queued \(ResponseMetrics.milliseconds(queuedDuration))"]
        if let adaptationDuration { parts.append("adapted \(ResponseMetrics.milliseconds(adaptationDuration))") }
        if let timeToFirstByte { parts.append("first byte \(ResponseMetrics.milliseconds(timeToFirstByte))") }
        parts.append("transfer \(ResponseMetrics.milliseconds(transferDuration))")
        return parts.joined(separator: ", ")
    }
}

/// Instants recorded by a request while it runs: a pure value, fed by the request actor.
struct RequestTimings: Sendable {
    private struct Attempt: Sendable {
        let prepared: ContinuousClock.Instant
        var adapted: ContinuousClock.Instant?
        var started: ContinuousClock.Instant?
        var firstByte: ContinuousClock.Instant?
        var ended: ContinuousClock.Instant?

        func metrics(at end: ContinuousClock.Instant) -> AttemptMetrics {
            let start = started ?? end
            return AttemptMetrics(
                queuedDuration: start - prepared, adaptationDuration: adapted.map { $0 - prepared },
                timeToFirstByte: firstByte.map { $0 - start }, transferDuration: (ended ?? end) - start)
        }
    }

    private var startDate: Date?
    private var start: ContinuousClock.Instant?
    private var finished: [AttemptMetrics] = []
    private var current: Attempt?
    private var end: ContinuousClock.Instant?

    /// The request was asked to run (the first time counts).
    mutating func requestStarted() {
        guard start == nil else { return }
        startDate = Date()
        start = .now
    }

    /// An attempt (or a redirect hop) is being prepared.
    mutating func attemptPrepared() {
        requestStarted()
        closeAttempt()
        current = Attempt(prepared: .now)
    }

    mutating func adapted() { current?.adapted = .now }
    mutating func taskStarted() { current?.started = .now }
    mutating func firstByte() {
        if current?.firstByte == nil { current?.firstByte = .now }
    }

    /// The current attempt ended.
    mutating func attemptEnded() {
        if current?.ended == nil { current?.ended = .now }
        end = current?.ended
    }

    /// The request ended.
    mutating func requestEnded() {
        attemptEnded()
        if end == nil { end = .now }
    }

    private mutating func closeAttempt() {
        guard let attempt = current else { return }
        let now = ContinuousClock.now
        finished.append(attempt.metrics(at: attempt.ended ?? now))
        current = nil
    }

    /// The metrics so far, or nil when the request never ran.
    func metrics(serialization: Duration) -> ResponseMetrics? {
        guard let start, let startDate else { return nil }
        let last = end ?? .now
        let attempts = finished + (current.map { [$0.metrics(at: last)] } ?? [])
        return ResponseMetrics(startDate: startDate, attempts: attempts, requestDuration: last - start,
                               serializationDuration: serialization)
    }
}
