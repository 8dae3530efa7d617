import Foundation
import Testing
@testable import AsyncNet

@Suite("Metrics per attempt", .timeLimit(.minutes(1)))
struct MetricsTests {
    @Test func retriesAndHopsAreAttempts() async throws {
        let retrier = Retrier { snapshot, _, _ in snapshot.retryCount < 1 ? .retry : .doNotRetry }
        let response = await Session().request(try TestServer.httpbin("/redirect-to?url=/status/503"), interceptor: retrier)
            .validate().serializingData().response
        let metrics = try #require(response.metrics)
        #expect(metrics.attempts.count == 4, "two attempts, each a redirect and its target: \(metrics)")
        #expect(metrics.attempts.allSatisfy { $0.timeToFirstByte != nil && $0.transferDuration > .zero })
        #expect(metrics.requestDuration >= metrics.attempts.map(\.transferDuration).reduce(.zero, +))
        #expect(metrics.totalDuration == metrics.requestDuration + metrics.serializationDuration)
        #expect(metrics.description.contains("4 attempts"))
        #expect(metrics.description.contains("first byte"))
    }

    @Test func waitingForASlotIsQueuedTime() async throws {
        let session = Session(maxConcurrentRequests: 1)
        // The blocker holds the only slot for 4 s: ample for the second request to wait at least 300 ms, even under
        // the Thread Sanitizer on a busy machine.
        let blocker = Task { await session.request(try TestServer.fault("/slow-head?delay=4")).serializingData().result }
        #expect(await eventually { await session.inFlightCount == 1 })
        let queued = await session.request(try TestServer.httpbin("/get")).serializingData().response
        _ = try await blocker.value
        let attempt = try #require(queued.metrics?.attempts.first)
        #expect(attempt.queuedDuration > .milliseconds(300), "\(attempt)")
        #expect(attempt.adaptationDuration == nil)
    }

    @Test func adaptationIsMeasured() async throws {
        let slowAdapter = Adapter { request, _ in
            try await Task.sleep(for: .milliseconds(50))
            return request
        }
        let response = await Session().request(try TestServer.httpbin("/get"), interceptor: slowAdapter)
            .serializingData().response
        let attempt = try #require(response.metrics?.attempts.first)
        #expect(try #require(attempt.adaptationDuration) >= .milliseconds(50))
        #expect(attempt.queuedDuration >= .milliseconds(50))
    }
}
