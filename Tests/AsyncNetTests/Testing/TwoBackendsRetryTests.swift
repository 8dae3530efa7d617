import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// RetryPolicy and token refresh, the same test bodies against the real servers and against a StubServer.
@Suite("Two backends: retries and token refresh", .timeLimit(.minutes(1)))
struct TwoBackendsRetryTests {
    @Test(arguments: Backend.allCases)
    func a503IsTriedFourTimesWithGrowingDelays(backend: Backend) async throws {
        let servers = try await backend.servers()
        let log = AttemptLog()
        let token = FaultServer.token()
        let session = servers.session(
            interceptor: RetryPolicy(retryLimit: 3, exponentialBackoffScale: 0.05, jitter: .none), eventMonitors: [log])
        let response = await session.request(servers.fault("/status-sequence/\(token)?codes=503"))
            .validate().serializingData().response
        #expect(response.error?.responseCode == 503)
        #expect(response.retryCount == 3)
        #expect(try await servers.hits("/status-sequence/\(token)") == 4)
        #expect(try JSON.decode(response.data ?? Data())["hit"] == 4, "the last attempt's body is kept")
        #expect(await eventually { await log.delays.count == 3 })
        #expect(await log.delays == [.milliseconds(50), .milliseconds(100), .milliseconds(200)])
        let starts = await log.starts
        #expect(starts.count == 4)
        if starts.count == 4 {
            #expect(starts[3] - starts[2] >= .milliseconds(200), "the third retry waited its delay")
        }
    }

    @Test(arguments: Backend.allCases)
    func postAnd404AreNotRetried(backend: Backend) async throws {
        let servers = try await backend.servers()
        let session = servers.session(interceptor: RetryPolicy(exponentialBackoffScale: 0.01))
        let post = FaultServer.token()
        let posted = await session.request(servers.fault("/status-sequence/\(post)?codes=503,200"), method: .post)
            .validate().serializingData().result
        #expect(posted.failure?.responseCode == 503)
        #expect(try await servers.hits("/status-sequence/\(post)") == 1)
        let missing = FaultServer.token()
        let notFound = await session.request(servers.fault("/status-sequence/\(missing)?codes=404,200"))
            .validate().serializingData().result
        #expect(notFound.failure?.responseCode == 404)
        #expect(try await servers.hits("/status-sequence/\(missing)") == 1)
    }

    @Test(arguments: Backend.allCases)
    func retryAfterIsHonoured(backend: Backend) async throws {
        let servers = try await backend.servers()
        let token = FaultServer.token()
        let start = ContinuousClock.now
        let json = try await servers.session(interceptor: RetryPolicy())
            .request(servers.fault("/status-sequence/\(token)?codes=503,200&retry_after=1"))
            .validate().serializing(JSON.self).value
        #expect(json["hit"] == 2)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(950), "waited \(elapsed)")
        #expect(elapsed < .seconds(10))
    }

    @Test(arguments: Backend.allCases)
    func aConnectionResetMidBodyIsRetriedForGet(backend: Backend) async throws {
        let servers = try await backend.servers()
        let token = FaultServer.token()
        let data = try await servers.session(interceptor: RetryPolicy(exponentialBackoffScale: 0.01))
            .request(servers.fault("/reset-mid-body/\(token)?failures=1"))
            .validate().serializingData().value
        #expect(data == EmulatedServers.resetBody)
        #expect(try await servers.hits("/reset-mid-body/\(token)") == 2)
        let unretried = await servers.session().request(servers.fault("/reset-mid-body/\(FaultServer.token())?failures=1"))
            .validate().serializingData().result
        guard case .sessionTaskFailed(let error) = unretried.failure else {
            Issue.record("expected sessionTaskFailed, got \(unretried)")
            return
        }
        #expect(error.code == .networkConnectionLost)
    }

    @Test(arguments: Backend.allCases)
    func twentyConcurrent401sShareOneRefresh(backend: Backend) async throws {
        let servers = try await backend.servers()
        let group = FaultServer.token()
        let auth = AuthenticationInterceptor(authenticator: BackendTokenAuthenticator(servers: servers, group: group),
                                             credential: TokenCredential(token: "expired"))
        let session = servers.session()
        let url = servers.fault("/protected/\(group)?delay=0.2")
        let results = await withTaskGroup(of: Result<JSON, AsyncNetError>.self) { tasks in
            for _ in 0..<20 {
                tasks.addTask { await session.request(url, interceptor: auth).validate().serializing(JSON.self).result }
            }
            return await tasks.reduce(into: [Result<JSON, AsyncNetError>]()) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { (try? $0.get())?["ok"] == true }, "\(results.compactMap { $0.failure })")
        #expect(try await servers.refreshCount(group: group) == 1)
        // Each request: a 401, then a 200 (a request adapted only after the refresh would go straight to 200).
        let hits = try await servers.hits("/protected/\(group)")
        #expect((21...40).contains(hits), "\(hits) hits")
    }
}
