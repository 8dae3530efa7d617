import Foundation
import Testing
@testable import AsyncNet

/// A cancelled caller leaves alone; the network call ends when its last caller has gone.
@Suite("Cancelling one of several awaiting callers", .timeLimit(.minutes(1)))
struct AwaiterCancellationTests {
    let session = Session()

    @Test func cancellingOneAwaiterLeavesTheOthersRunning() async throws {
        let request = session.request(try TestServer.fault("/slow-head?delay=3"))
        let first = Task { await request.serializingString().result }
        let second = Task { await request.serializingString().result }
        #expect(await eventually { await request.waiterCount == 2 })
        first.cancel()
        #expect(await first.value.failure?.isExplicitlyCancelled == true)
        let text = try await second.value.get()
        #expect(text == "ok")
        #expect(await request.state == .finished)
    }

    @Test func cancellingTheLastAwaiterCancelsTheRequest() async throws {
        let request = session.request(try TestServer.fault("/slow-head?delay=10"))
        let only = Task { await request.serializingData().result }
        #expect(await eventually { await request.waiterCount == 1 })
        only.cancel()
        #expect(await only.value.failure?.isExplicitlyCancelled == true)
        #expect(await eventually { await request.state == .cancelled })
        // A serializer added afterwards sees the cancellation too.
        #expect(await request.serializingData().result.failure?.isExplicitlyCancelled == true)
    }

    @Test func aTaskCancelledBeforeItAwaitsSendsNothing() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await request.serializingData().result
        }
        #expect(await task.value.failure?.isExplicitlyCancelled == true)
        #expect(await request.state == .cancelled)
        #expect(await request.hasCreatedTask == false)
    }

    @Test func cancelStillEndsEveryAwaiter() async throws {
        let request = session.request(try TestServer.fault("/slow-head?delay=10"))
        let first = Task { await request.serializingData().result }
        let second = Task { await request.serializingString().result }
        #expect(await eventually { await request.waiterCount == 2 })
        await request.cancel()
        #expect(await first.value.failure?.isExplicitlyCancelled == true)
        #expect(await second.value.failure?.isExplicitlyCancelled == true)
    }
}
