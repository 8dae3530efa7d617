import Testing
@testable import AsyncNet

@Suite("RequestLifecycle state machine", .timeLimit(.minutes(1)))
struct RequestLifecycleTests {
    @Test func firstResumeStartsTheTaskOnce() {
        var machine = RequestLifecycle()
        #expect(machine.state == .initialized)
        #expect(machine.resume() == .startTask)
        #expect(machine.state == .resumed)
        #expect(machine.resume() == .none)
        #expect(machine.resume(automatic: true) == .none)
    }

    @Test func suspendAndResumeARunningTask() {
        var machine = RequestLifecycle()
        _ = machine.resume()
        #expect(machine.suspend() == .suspendTask)
        #expect(machine.state == .suspended)
        #expect(machine.suspend() == .none)
        #expect(machine.resume() == .resumeTask)
        #expect(machine.state == .resumed)
    }

    @Test func automaticResumeDoesNotOverrideAnExplicitSuspend() {
        var machine = RequestLifecycle()
        #expect(machine.suspend() == .none)
        #expect(machine.state == .suspended)
        #expect(machine.resume(automatic: true) == .none)
        #expect(machine.state == .suspended)
        #expect(machine.resume() == .startTask)
    }

    @Test func cancelBeforeStartNeedsNoTask() {
        var machine = RequestLifecycle()
        #expect(machine.cancel() == .cancel(.explicit, hasTask: false))
        #expect(machine.state == .cancelled)
        #expect(machine.resume() == .none)
        #expect(machine.finish() == false)
        #expect(machine.state == .cancelled)
    }

    @Test func cancelWhileRunningCancelsTheTaskOnce() {
        var machine = RequestLifecycle()
        _ = machine.resume()
        #expect(machine.cancel(.timedOut(.seconds(1))) == .cancel(.timedOut(.seconds(1)), hasTask: true))
        #expect(machine.state == .cancelled)
        #expect(machine.cancel() == .none)
    }

    @Test func finishIsFinal() {
        var machine = RequestLifecycle()
        _ = machine.resume()
        let finished = machine.finish()
        #expect(finished)
        #expect(machine.state == .finished)
        #expect(machine.finish() == false)
        #expect(machine.cancel() == .none)
        #expect(machine.suspend() == .none)
        #expect(machine.resume() == .none)
        #expect(machine.state == .finished)
    }
}
