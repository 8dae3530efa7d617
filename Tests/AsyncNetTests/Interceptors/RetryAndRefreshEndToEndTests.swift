import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records retry delays and attempt instants.
actor AttemptLog: EventMonitor {
    private(set) var delays: [Duration] = []
    private(set) var starts: [ContinuousClock.Instant] = []
    func request(_ request: DataRequest, didStartAttempt attempt: Int, with urlRequest: URLRequest) async {
        starts.append(.now)
    }
    func request(_ request: DataRequest, willRetryAfter delay: Duration, dueTo error: AsyncNetError) async {
        delays.append(delay)
    }
}

/// A bearer token from the fault server's `/token/<group>` (or its stub); `/protected/<group>` accepts only the latest.
struct TokenCredential: AuthenticationCredential {
    let token: String
    var requiresRefresh: Bool { false }
}

/// The attempts, delays, Retry-After, resets and the shared refresh run against both the real servers and stubs in
/// Tests/AsyncNetTests/Testing/TwoBackendsRetryTests.swift; this suite keeps what only the real servers show.
@Suite("RetryPolicy against the servers", .timeLimit(.minutes(1)))
struct RetryAndRefreshEndToEndTests {
    @Test func cancellingWhileRetryPolicyWaitsEndsPromptly() async throws {
        let token = FaultServer.token()
        let request = Session(interceptor: RetryPolicy(exponentialBackoffScale: 30, jitter: .none))
            .request(try TestServer.fault("/status-sequence/\(token)?codes=503"))
        let waiting = Task { await request.validate().serializingData().result }
        #expect(await eventually { await request.httpResponse?.statusCode == 503 })
        #expect(await eventually { (try? await FaultServer.hits("/status-sequence/\(token)")) == 1 })
        let start = ContinuousClock.now
        waiting.cancel()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        #expect(ContinuousClock.now - start < .seconds(5), "about 10 ms on an idle machine; the bound allows a loaded one under TSan")
    }
}
