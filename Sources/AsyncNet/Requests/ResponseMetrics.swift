import Foundation

/// Timings AsyncNet measures itself (URLSession on Linux never delivers `URLSessionTaskMetrics`).
public struct ResponseMetrics: Sendable, Hashable {
    /// When the task was started (wall clock).
    public let startDate: Date
    /// From starting the task to the response head arriving, when a response arrived.
    public let timeToFirstByte: Duration?
    /// From starting the task to its completion.
    public let transferDuration: Duration
    /// Time the serializer took to produce the value.
    public let serializationDuration: Duration

    /// Transfer and serialization together.
    public var totalDuration: Duration { transferDuration + serializationDuration }
}

/// Instants recorded by a request while it runs.
struct TransferTimings: Sendable {
    let startDate = Date()
    let start = ContinuousClock.now
    var firstByte: ContinuousClock.Instant?
    var end: ContinuousClock.Instant?

    func metrics(serialization: Duration) -> ResponseMetrics {
        ResponseMetrics(
            startDate: startDate,
            timeToFirstByte: firstByte.map { $0 - start },
            transferDuration: (end ?? start) - start,
            serializationDuration: serialization)
    }
}
