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

/// A bearer token from the fault server's `/token/<group>`; `/protected/<group>` accepts only the latest one.
struct TokenCredential: AuthenticationCredential {
    let token: String
    var requiresRefresh: Bool { false }
}

struct TokenAuthenticator: Authenticator {
    let group: String
    let tokenSession = Session()   // never through the interceptor it serves

    func apply(_ credential: TokenCredential, to urlRequest: inout URLRequest) {
        urlRequest.setValue("Bearer \(credential.token)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: TokenCredential, for session: Session) async throws -> TokenCredential {
        let json = try await tokenSession.request(try TestServer.fault("/token/\(group)"), method: .post)
            .validate().serializing(JSON.self).value
        return TokenCredential(token: json["token"].stringValue ?? "")
    }

    func didRequest(_ urlRequest: URLRequest, with response: HTTPURLResponse,
                    failDueToAuthenticationError error: any Error) -> Bool {
        response.statusCode == 401
    }

    func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: TokenCredential) -> Bool {
        urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer \(credential.token)"
    }
}

@Suite("RetryPolicy and token refresh against the servers", .timeLimit(.minutes(1)))
struct RetryAndRefreshEndToEndTests {
    @Test func a503IsTriedFourTimesWithGrowingDelays() async throws {
        let log = AttemptLog()
        let token = FaultServer.token()
        let session = Session(interceptor: RetryPolicy(retryLimit: 3, exponentialBackoffScale: 0.05, jitter: .none),
                              eventMonitors: [log])
        let response = await session.request(try TestServer.fault("/status-sequence/\(token)?codes=503"))
            .validate().serializingData().response
        #expect(response.error?.responseCode == 503)
        #expect(response.retryCount == 3)
        #expect(try await FaultServer.hits("/status-sequence/\(token)") == 4)
        #expect(await eventually { await log.delays.count == 3 })
        #expect(await log.delays == [.milliseconds(50), .milliseconds(100), .milliseconds(200)])
        let starts = await log.starts
        #expect(starts.count == 4)
        if starts.count == 4 {
            #expect(starts[3] - starts[2] >= .milliseconds(200), "the third retry waited its delay")
        }
    }

    @Test func postAnd404AreNotRetried() async throws {
        let session = Session(interceptor: RetryPolicy(exponentialBackoffScale: 0.01))
        let post = FaultServer.token()
        _ = await session.request(try TestServer.fault("/status-sequence/\(post)?codes=503"), method: .post)
            .validate().serializingData().result
        #expect(try await FaultServer.hits("/status-sequence/\(post)") == 1)
        let missing = FaultServer.token()
        _ = await session.request(try TestServer.fault("/status-sequence/\(missing)?codes=404"))
            .validate().serializingData().result
        #expect(try await FaultServer.hits("/status-sequence/\(missing)") == 1)
    }

    @Test func retryAfterIsHonoured() async throws {
        let token = FaultServer.token()
        let start = ContinuousClock.now
        let json = try await Session(interceptor: RetryPolicy())
            .request(try TestServer.fault("/status-sequence/\(token)?codes=503,200&retry_after=1"))
            .validate().serializing(JSON.self).value
        #expect(json["hit"] == 2)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(950), "waited \(elapsed)")
        #expect(elapsed < .seconds(10))
    }

    @Test func aConnectionResetMidBodyIsRetriedForGet() async throws {
        let token = FaultServer.token()
        let data = try await Session(interceptor: RetryPolicy(exponentialBackoffScale: 0.01))
            .request(try TestServer.fault("/reset-mid-body/\(token)?failures=1"))
            .validate().serializingData().value
        #expect(data.count == 1000)
        #expect(try await FaultServer.hits("/reset-mid-body/\(token)") == 2)
    }

    @Test func twentyConcurrent401sShareOneRefresh() async throws {
        let group = FaultServer.token()
        let auth = AuthenticationInterceptor(authenticator: TokenAuthenticator(group: group),
                                             credential: TokenCredential(token: "expired"))
        let session = Session()
        let url = try TestServer.fault("/protected/\(group)?delay=0.2")
        let results = await withTaskGroup(of: Result<JSON, AsyncNetError>.self) { group in
            for _ in 0..<20 {
                group.addTask { await session.request(url, interceptor: auth).validate().serializing(JSON.self).result }
            }
            return await group.reduce(into: [Result<JSON, AsyncNetError>]()) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { (try? $0.get())?["ok"] == true }, "\(results.compactMap { $0.failure })")
        let refreshes = try await Session().request(try TestServer.fault("/token-count/\(group)")).serializingString().value
        #expect(refreshes.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

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
        #expect(ContinuousClock.now - start < .seconds(2), "about 10 ms on an idle machine; the bound allows a loaded one")
    }
}
