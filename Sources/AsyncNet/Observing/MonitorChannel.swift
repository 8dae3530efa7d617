import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One monitor's queue of events and the task that delivers them in order.
///
/// Requests send events without waiting (an `AsyncStream` buffers them), so a slow monitor never slows the
/// Session's executor; it only falls behind. The buffer is bounded: a monitor more than ``capacity`` events behind
/// loses the newest ones (events hold their request, and so its body, until delivered; a stuck monitor must not
/// hold every response of the process). The task ends when the channel is closed (the Session or the request that
/// owns it goes away) and the queue is drained.
final class MonitorChannel: Sendable {
    private let continuation: AsyncStream<MonitorEvent>.Continuation
    private let delivery: Task<Void, Never>

    /// The most events waiting for one monitor.
    static let capacity = 1_000

    init(_ monitor: any EventMonitor) {
        let (events, continuation) = AsyncStream<MonitorEvent>.makeStream(bufferingPolicy: .bufferingOldest(Self.capacity))
        self.continuation = continuation
        delivery = Task.detached {
            for await event in events { await event.deliver(to: monitor) }
        }
    }

    func send(_ event: MonitorEvent) {
        continuation.yield(event)
    }

    /// No more events; those queued are still delivered.
    func close() {
        continuation.finish()
    }

    deinit {
        continuation.finish()
    }
}

/// An event on its way to a monitor.
enum MonitorEvent: Sendable {
    case created(DataRequest)
    case attemptStarted(DataRequest, Int, URLRequest)
    case adapted(DataRequest, URLRequest, URLRequest)
    case response(DataRequest, HTTPURLResponse)
    case retry(DataRequest, Duration, AsyncNetError)
    case cancelled(DataRequest)
    case finished(DataRequest, RequestOutcome)

    func deliver(to monitor: any EventMonitor) async {
        switch self {
        case .created(let request): await monitor.requestCreated(request)
        case .attemptStarted(let request, let attempt, let urlRequest):
            await monitor.request(request, didStartAttempt: attempt, with: urlRequest)
        case .adapted(let request, let initial, let adapted):
            await monitor.request(request, didAdapt: initial, to: adapted)
        case .response(let request, let response): await monitor.request(request, didReceive: response)
        case .retry(let request, let delay, let error): await monitor.request(request, willRetryAfter: delay, dueTo: error)
        case .cancelled(let request): await monitor.requestCancelled(request)
        case .finished(let request, let outcome): await monitor.request(request, didFinishWith: outcome)
        }
    }
}
