import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request needs of the task that carries one attempt: a URLSession task, or a stubbed one.
protocol TransferTask: AnyObject, Sendable {
    var taskIdentifier: Int { get }
    func resume()
    func suspend()
    func cancel()
}

extension URLSessionTask: TransferTask {}

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
    func suspend() {}
    func cancel() { registry.assumeIsolated { $0.cancelStub(taskIdentifier) } }
}
