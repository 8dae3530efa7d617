import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Counts calls from concurrent closures.
actor Counter {
    private(set) var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

/// Retries and adapters run by the request core: new attempts of the same request.
@Suite("Attempts: adapters and retriers", .timeLimit(.minutes(1)))
struct AttemptTests {
    let session = Session()

    static func retrying(_ limit: Int, after delay: Duration? = nil) -> Retrier {
        Retrier { snapshot, _, _ in
            guard snapshot.retryCount < limit else { return .doNotRetry }
            return delay.map { .retryAfter($0) } ?? .retry
        }
    }

    @Test func anAdapterRunsOncePerAttempt() async throws {
        let adaptations = Counter()
        let adapter = Adapter { request, _ in
            var request = request
            request.setValue("\(await adaptations.increment())", forHTTPHeaderField: "X-Attempt")
            return request
        }
        let request = session.request(try TestServer.httpbin("/status/503"),
                                      interceptor: Interceptor(adapters: [adapter], retriers: [Self.retrying(2)]))
        let response = await request.validate().serializingData().response
        #expect(response.error?.responseCode == 503)
        #expect(await adaptations.value == 3)
        #expect(response.retryCount == 2)
        #expect(await request.retryCount == 2)
        #expect(response.request?.value(forHTTPHeaderField: "X-Attempt") == "3", "the last attempt's request")
    }

    @Test func aRetrySucceedsAndDiscardsTheFailedAttempt() async throws {
        let token = FaultServer.token()
        let response = await session.request(try TestServer.fault("/status-sequence/\(token)?codes=503,200"),
                                             interceptor: Self.retrying(3))
            .validate().serializing(JSON.self).response
        #expect(try response.result.get()["hit"] == 2)
        #expect(response.retryCount == 1)
        #expect(response.response?.statusCode == 200)
    }

    @Test func aThrowingAdapterSendsNothing() async throws {
        struct NoToken: Error {}
        let token = FaultServer.token()
        let result = await session.request(try TestServer.fault("/status-sequence/\(token)?codes=200"),
                                           interceptor: Adapter { _, _ in throw NoToken() })
            .serializingData().result
        guard case .requestAdaptationFailed(let error) = result.failure else {
            Issue.record("expected requestAdaptationFailed, got \(result)")
            return
        }
        #expect(error is NoToken)
        #expect(try await FaultServer.hits("/status-sequence/\(token)") == 0)
    }

    @Test func aRetrierGivingUpWithAnErrorWrapsTheOriginal() async throws {
        struct GaveUp: Error {}
        let result = await session.request(try TestServer.httpbin("/status/500"),
                                           interceptor: Retrier { _, _, _ in .doNotRetryWithError(GaveUp()) })
            .validate().serializingData().result
        guard case .requestRetryFailed(let retryError, let original) = result.failure else {
            Issue.record("expected requestRetryFailed, got \(result)")
            return
        }
        #expect(retryError is GaveUp)
        #expect(original.responseCode == 500)
    }

    @Test func sessionAndRequestInterceptorsBothApplySessionFirst() async throws {
        let order = Adapter { request, _ in
            var request = request
            request.setValue("session", forHTTPHeaderField: "X-Order")
            return request
        }
        let second = Adapter { request, _ in
            var request = request
            let first = request.value(forHTTPHeaderField: "X-Order") ?? "none"
            request.setValue(first + ",request", forHTTPHeaderField: "X-Order")
            return request
        }
        let echo = try await Session(interceptor: order).request(try TestServer.httpbin("/headers"), interceptor: second)
            .serializing(JSON.self).value
        #expect(echo["headers"]["X-Order"] == "session,request")
    }

    @Test func cancellingDuringARetryDelayEndsAtOnce() async throws {
        let request = session.request(try TestServer.httpbin("/status/503"),
                                      interceptor: Self.retrying(5, after: .seconds(30)))
        let waiting = Task { await request.validate().serializingData().result }
        #expect(await eventually { await request.httpResponse?.statusCode == 503 })
        try await Task.sleep(for: .milliseconds(100))   // the retrier has decided; the request sleeps its 30 s
        let start = ContinuousClock.now
        waiting.cancel()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(await eventually { await request.state == .cancelled })
    }

    @Test func theDeadlineCoversEveryAttempt() async throws {
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.httpbin("/status/503"), timeout: .milliseconds(700),
                                           interceptor: Self.retrying(100, after: .milliseconds(100)))
            .validate().serializingData().result
        #expect(result.failure?.isTimedOut == true)
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func cancellationIsNeverOfferedToTheRetrier() async throws {
        let asked = Counter()
        let request = session.request(try TestServer.fault("/slow-head?delay=10"), interceptor: Retrier { _, _, _ in
            _ = await asked.increment()
            return .retry
        })
        let waiting = Task { await request.serializingData().result }
        #expect(await eventually { await request.hasCreatedTask })
        await request.cancel()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        #expect(await asked.value == 0)
    }
}
