import Dispatch
import Foundation

/// The serial executor of a Session, of its task registry and of every request it creates.
///
/// It is backed by the same serial dispatch queue that runs the URLSession's delegate callbacks (the delegate
/// OperationQueue's `underlyingQueue`). A callback therefore already runs on the executor of the actors it reports
/// to and hands its event on synchronously with `assumeIsolated`: no stream, no extra thread hop per chunk. Work on
/// this queue is short state updates; decoding runs elsewhere (serializers are `@concurrent`).
final class SessionExecutor: SerialExecutor, Sendable {
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Runs `work` on the executor's queue after everything already queued, without waiting for it.
    func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }

    /// An OperationQueue for URLSession's delegate callbacks that runs on this executor's queue, one at a time.
    func makeDelegateQueue() -> OperationQueue {
        let operations = OperationQueue()
        operations.maxConcurrentOperationCount = 1
        operations.underlyingQueue = queue
        return operations
    }
}
