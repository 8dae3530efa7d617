import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request needs of the task that carries one attempt: a URLSession task, or a stubbed one.
protocol TransferTask: AnyObject, Sendable {
    var taskIdentifier: Int { get }
    /// Whether a started transfer can be paused and resumed safely.
    var canPause: Bool { get }
    func resume()
    func suspend()
    /// Cancels the transfer unless it already ended (cancelling an ended task can trap in FoundationNetworking).
    func cancelIfRunning()
}

extension URLSessionTask: TransferTask {
    /// On Linux, resuming a task before its suspension has finished stopping it traps inside FoundationNetworking
    /// (`stopLoading` then finds the task running): a started URLSession task is never paused there.
    var canPause: Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        true
        #endif
    }

    /// Cancels from a global queue, never from the Session's executor: `cancel()` and `state` wait for
    /// FoundationNetworking's work queue, which every URLSession of the process shares and which a fast endless
    /// response can keep busy; the executor (also the delegate queue) must keep draining meanwhile. Events of the
    /// cancelled task that still arrive are ignored by task identifier.
    func cancelIfRunning() {
        DispatchQueue.global().async { [self] in
            guard state == .running || state == .suspended else { return }
            cancel()
        }
    }
}

/// A stubbed attempt: it plays the ``StubServer``'s plan through the registry instead of going to the network.
///
/// It holds no state of its own (the registry keeps the playback); every call comes from the Session's executor,
/// which is also the registry's.
final class StubTask: TransferTask, Sendable {
    let taskIdentifier: Int
    private let registry: TaskRegistry

    init(taskIdentifier: Int, registry: TaskRegistry) {
        self.taskIdentifier = taskIdentifier
        self.registry = registry
    }

    func resume() { registry.assumeIsolated { $0.playStub(taskIdentifier) } }
    /// A stubbed transfer cannot pause once it plays; before it starts, not resuming it is the pause.
    var canPause: Bool { false }
    func suspend() {}
    func cancelIfRunning() { registry.assumeIsolated { $0.cancelStub(taskIdentifier) } }
}
