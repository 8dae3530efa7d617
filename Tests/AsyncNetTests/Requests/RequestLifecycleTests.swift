import Testing
@testable import AsyncNet

@Suite("RequestLifecycle", .timeLimit(.minutes(1)))
struct RequestLifecycleTests {
    @Test func startsOnFirstResume() {
        var machine = RequestLifecycle()
        #expect(machine.state == .initialized)
        #expect(machine.resume() == .startTask)
        #expect(machine.state == .resumed)
        #expect(machine.resume() == .none)
    }
}
