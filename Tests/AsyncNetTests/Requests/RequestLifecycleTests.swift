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

@Suite("Waiters and the deadline", .timeLimit(.minutes(1)))
struct WaiterStateTests {
    @Test func deadlineArmsOnceWhileTheRequestCanRun() {
        var machine = RequestLifecycle()
        _ = machine.suspend()
        let first = machine.armDeadline(), second = machine.armDeadline()
        #expect(first, "a suspended request asked to run starts its deadline")
        #expect(!second)
        var cancelled = RequestLifecycle()
        _ = cancelled.cancel()
        let afterCancel = cancelled.armDeadline()
        #expect(!afterCancel)
    }

    @Test func waitersLeaveAlone() {
        let first = ObjectIdentifier(WaiterToken()), second = ObjectIdentifier(WaiterToken())
        var list = WaiterList<String>()
        let added = [list.add(first, "first"), list.add(second, "second")]
        #expect(added == [true, true])
        let removed = list.remove(first)
        #expect(removed == "first")
        #expect(list.count == 1)
        let rest = list.removeAll()
        #expect(rest == ["second"])
        #expect(list.isEmpty)
    }

    @Test func aWaiterThatLeftBeforeRegisteringIsRefused() {
        let token = WaiterToken()
        let id = ObjectIdentifier(token)
        var list = WaiterList<String>()
        let removed = list.remove(id)
        #expect(removed == nil, "its cancellation arrived first")
        let late = list.add(id, "late")
        #expect(!late, "so its registration is refused")
        #expect(list.isEmpty)
        let again = list.add(id, "again")
        #expect(again, "only once")
        withExtendedLifetime(token) {}
    }
}
