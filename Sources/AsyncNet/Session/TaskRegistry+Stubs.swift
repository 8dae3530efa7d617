import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Playing stubbed attempts: a ``StubServer``'s plan delivered through the same events as URLSession's delegate.
extension TaskRegistry {
    /// Creates a stubbed task for `request` (in place of a URLSession task).
    func makeStubTask(for urlRequest: URLRequest, stubs: StubServer, configuration: URLSessionConfiguration)
        -> StubTask {
        nextStubIdentifier -= 1
        let identifier = nextStubIdentifier
        // The stub sees what URLSession would send: the configuration's headers under the request's own.
        var sent = urlRequest
        for case let (name as String, value as String) in configuration.httpAdditionalHeaders ?? [:]
        where sent.value(forHTTPHeaderField: name) == nil {
            sent.setValue(value, forHTTPHeaderField: name)
        }
        stubbed[identifier] = StubPlayback(request: sent, stubs: stubs)
        return StubTask(taskIdentifier: identifier, registry: self)
    }

    /// Starts playing a stubbed task's plan (once).
    func playStub(_ identifier: Int) {
        guard let playback = stubbed[identifier], playback.player == nil else { return }
        stubbed[identifier]?.player = Task {
            let plan = await playback.stubs.plan(for: playback.request)
            for step in plan.steps {
                guard !Task.isCancelled else { break }
                switch step {
                case .wait(let duration):
                    try? await Task.sleep(for: Deadline.normalized(duration) ?? Deadline.unlimited)
                case .head(let response):
                    didReceive(response, forTask: identifier)
                case .body(let data):
                    didReceive(data, forTask: identifier)
                case .fail(let error):
                    return finishStub(identifier, error: error)
                }
            }
            finishStub(identifier, error: Task.isCancelled ? URLError(.cancelled) : nil)
        }
    }

    /// Cancels a stubbed task: like URLSession, it then completes with `URLError(.cancelled)`.
    func cancelStub(_ identifier: Int) {
        guard let playback = stubbed[identifier] else { return }
        if let player = playback.player {
            player.cancel()
        } else {
            finishStub(identifier, error: URLError(.cancelled))
        }
    }

    private func finishStub(_ identifier: Int, error: (any Error)?) {
        guard stubbed.removeValue(forKey: identifier) != nil else { return }
        didComplete(task: identifier, error: error)
    }
}

/// One stubbed task's request and, once it started, the task playing its plan.
struct StubPlayback {
    let request: URLRequest
    let stubs: StubServer
    var player: Task<Void, Never>?
}
