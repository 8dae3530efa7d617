import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// Requests waiting for a slot under `maxConcurrentRequests`: their deadline and cancellation.
@Suite("Requests queued by maxConcurrentRequests: deadlines and cancelAllRequests", .timeLimit(.minutes(1)))
struct ConcurrencyLimitTests {
    @Test func aDeadlineExpiresWhileTheRequestIsQueued() async throws {
        let session = Session(maxConcurrentRequests: 1)
        let blocker = session.request(try TestServer.fault("/slow-head?delay=10"))
        let blocking = Task { await blocker.serializingData().result }
        #expect(await eventually { await session.inFlightCount == 1 }, "the first request never took the slot")

        let queued = session.request(try TestServer.httpbin("/get"), timeout: .milliseconds(500))
        let start = ContinuousClock.now
        let response = await queued.serializingData().response
        let elapsed = ContinuousClock.now - start
        guard case .failure(.timedOut(let after)) = response.result else {
            Issue.record("expected timedOut, got \(response.result)")
            return
        }
        #expect(after == .milliseconds(500))
        #expect(elapsed >= .milliseconds(500))
        // It failed while the first request still held the only slot, without ever getting a task: it timed out
        // in the queue (the deadline counts the time spent waiting).
        #expect(await blocker.state == .resumed, "the first request finished before the deadline fired")
        #expect(await queued.hasCreatedTask == false)
        #expect(response.response == nil)
        #expect(response.request?.url?.path == "/get", "the request was built before it queued")

        // When the slot frees, the timed-out request is skipped. (Cancelling the first request frees it now
        // rather than in a few seconds; a request waiting in flight costs CPU on Linux.)
        await blocker.cancel()
        #expect(await blocking.value.failure?.isExplicitlyCancelled == true)
        #expect(await eventually { await session.inFlightCount == 0 })
        #expect(await queued.hasCreatedTask == false)
        #expect(await queued.state == .cancelled)
    }

    @Test func cancelAllRequestsCancelsQueuedRequests() async throws {
        let session = Session(maxConcurrentRequests: 1)
        let blocker = session.request(try TestServer.fault("/slow-head?delay=10"))
        let blocking = Task { await blocker.serializingData().result }
        #expect(await eventually { await session.inFlightCount == 1 }, "the first request never took the slot")

        let queued = try (0..<3).map { session.request(try TestServer.httpbin("/get?i=\($0)")) }
        let waiting = queued.map { request in Task { await request.serializingData().result } }
        for request in queued {
            #expect(await eventually { await session.isQueued(request) }, "a request never reached the queue")
        }

        let start = ContinuousClock.now
        await session.cancelAllRequests()
        for task in waiting + [blocking] {
            let result = await task.value
            #expect(result.failure?.isExplicitlyCancelled == true, "got \(result)")
        }
        // Well before the running request's 10 s: it was cancelled too.
        #expect(ContinuousClock.now - start < .seconds(9))
        for request in queued {
            #expect(await request.state == .cancelled)
            #expect(await request.hasCreatedTask == false, "a cancelled queued request was started")
        }
        #expect(await eventually { await session.inFlightCount == 0 })
        // The slot was given back: the Session still runs requests.
        let next = await session.request(try TestServer.httpbin("/get")).validate().serializingData().result
        #expect(next.failure == nil, "got \(next)")
    }
}
