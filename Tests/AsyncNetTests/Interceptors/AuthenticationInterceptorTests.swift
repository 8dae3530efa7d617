import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("AuthenticationInterceptor", .timeLimit(.minutes(1)))
struct AuthenticationInterceptorTests {
    let session = Session()
    let refused = statusError(401)

    func plainRequest() throws -> URLRequest {
        URLRequest(url: try #require(URL(string: "https://api.example.com/me")))
    }

    @Test func adaptAppliesTheCredential() async throws {
        let interceptor = AuthenticationInterceptor(authenticator: FakeAuthenticator(), credential: TestToken(value: "t0"))
        let request = try await interceptor.adapt(try plainRequest(), for: session)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0")
    }

    @Test func missingCredentialThrowsFromAdapt() async throws {
        let interceptor = AuthenticationInterceptor<FakeAuthenticator>(authenticator: FakeAuthenticator(), credential: nil)
        let request = try plainRequest()
        await #expect(throws: AuthenticationError.missingCredential) {
            try await interceptor.adapt(request, for: session)
        }
        let decision = await interceptor.retry(try unauthorized(sentWith: nil), for: session, dueTo: refused)
        #expect(decision.retryError as? AuthenticationError == .missingCredential)
        await interceptor.setCredential(TestToken(value: "login"))
        let adapted = try await interceptor.adapt(request, for: session)
        #expect(adapted.value(forHTTPHeaderField: "Authorization") == "Bearer login")
        #expect(AuthenticationError.missingCredential.description.contains("no credential"))
    }

    @Test func concurrent401sShareOneRefresh() async throws {
        let authenticator = FakeAuthenticator(delay: .milliseconds(200))
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"))
        let attempt = try unauthorized(sentWith: "t0")
        let retries = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask { await interceptor.retry(attempt, for: session, dueTo: refused).isImmediateRetry }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(retries.count == 20)
        #expect(retries.allSatisfy { $0 })
        #expect(await authenticator.refreshCount == 1)
        #expect(await authenticator.mostAtOnce == 1)
        #expect(await interceptor.credential == TestToken(value: "t1"))
        let retried = try await interceptor.adapt(try plainRequest(), for: session)
        #expect(retried.value(forHTTPHeaderField: "Authorization") == "Bearer t1")
    }

    @Test func requestSentWithAnOlderCredentialRetriesWithoutRefresh() async throws {
        let authenticator = FakeAuthenticator()
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t5"))
        let decision = await interceptor.retry(try unauthorized(sentWith: "t4"), for: session, dueTo: refused)
        #expect(decision.isImmediateRetry)
        #expect(await authenticator.refreshCount == 0)
        #expect(await interceptor.credential == TestToken(value: "t5"))
    }

    @Test func refreshFailureReachesEveryWaiter() async throws {
        let authenticator = FakeAuthenticator(delay: .milliseconds(200), fails: true)
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"))
        let attempt = try unauthorized(sentWith: "t0")
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    await interceptor.retry(attempt, for: session, dueTo: refused).retryError is RefreshFailed
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(failures == Array(repeating: true, count: 10))
        #expect(await authenticator.refreshCount == 1)
        #expect(await interceptor.credential == TestToken(value: "t0"))
    }

    @Test func otherFailuresAreNotRetried() async throws {
        let authenticator = FakeAuthenticator()
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"))
        let serverError = try snapshot(status: 500, headers: ["Authorization": "Bearer t0"])
        #expect(await interceptor.retry(serverError, for: session, dueTo: statusError(500)).isDoNotRetry)
        let transport = try snapshot(headers: ["Authorization": "Bearer t0"])
        #expect(await interceptor.retry(transport, for: session, dueTo: transportError(.timedOut)).isDoNotRetry)
        let unsent = RequestSnapshot(request: nil, response: nil, data: nil, retryCount: 0)
        #expect(await interceptor.retry(unsent, for: session, dueTo: refused).isDoNotRetry)
        #expect(await authenticator.refreshCount == 0)
    }

    @Test func excessiveRefreshIsRefused() async throws {
        let authenticator = FakeAuthenticator(delay: .zero)
        let window = AuthenticationRefreshWindow(interval: .seconds(30), maximumAttempts: 2)
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"),
                                                    refreshWindow: window)
        // The server refuses every fresh token: each retry is sent with the current one and refused again.
        #expect(await interceptor.retry(try unauthorized(sentWith: "t0"), for: session, dueTo: refused).isImmediateRetry)
        #expect(await interceptor.retry(try unauthorized(sentWith: "t1"), for: session, dueTo: refused).isImmediateRetry)
        let third = await interceptor.retry(try unauthorized(sentWith: "t2"), for: session, dueTo: refused)
        #expect(third.retryError as? AuthenticationError == .excessiveRefresh)
        #expect(await authenticator.refreshCount == 2)
        #expect(await interceptor.credential == TestToken(value: "t2"))
    }

    @Test func refreshWindowSlides() async throws {
        let authenticator = FakeAuthenticator(delay: .zero)
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"),
                                                    refreshWindow: .init(interval: .seconds(8), maximumAttempts: 1))
        #expect(await interceptor.retry(try unauthorized(sentWith: "t0"), for: session, dueTo: refused).isImmediateRetry)
        let tooSoon = await interceptor.retry(try unauthorized(sentWith: "t1"), for: session, dueTo: refused)
        #expect(tooSoon.retryError as? AuthenticationError == .excessiveRefresh)
        // A window of seconds, not milliseconds: the second refusal must fall inside it even on a loaded machine.
        try await Task.sleep(for: .milliseconds(8300))
        #expect(await interceptor.retry(try unauthorized(sentWith: "t1"), for: session, dueTo: refused).isImmediateRetry)
        #expect(await authenticator.refreshCount == 2)
    }

    @Test func defaultRefreshWindow() {
        let window = AuthenticationRefreshWindow()
        #expect(window.interval == .seconds(30))
        #expect(window.maximumAttempts == 5)
        #expect(AuthenticationInterceptor(authenticator: FakeAuthenticator()).refreshWindow == window)
    }

    @Test func credentialThatRequiresRefreshIsRefreshedBeforeAdapting() async throws {
        let authenticator = FakeAuthenticator()
        let expired = TestToken(value: "t0", requiresRefresh: true)
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: expired)
        let request = try plainRequest()
        let adapted = try await withThrowingTaskGroup(of: URLRequest.self) { group in
            for _ in 0..<5 { group.addTask { try await interceptor.adapt(request, for: session) } }
            return try await group.reduce(into: [URLRequest]()) { $0.append($1) }
        }
        #expect(adapted.map { $0.value(forHTTPHeaderField: "Authorization") } == Array(repeating: "Bearer t1", count: 5))
        #expect(await authenticator.refreshCount == 1)
        _ = try await interceptor.adapt(request, for: session)
        #expect(await authenticator.refreshCount == 1)
    }

    @Test func failedProactiveRefreshThrowsFromAdapt() async throws {
        let authenticator = FakeAuthenticator(fails: true)
        let interceptor = AuthenticationInterceptor(authenticator: authenticator,
                                                    credential: TestToken(value: "t0", requiresRefresh: true))
        let request = try plainRequest()
        await #expect(throws: RefreshFailed.self) { try await interceptor.adapt(request, for: session) }
    }

    @Test func adaptWaitsForTheRefreshUnderWay() async throws {
        let authenticator = FakeAuthenticator(delay: .milliseconds(300))
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"))
        let attempt = try unauthorized(sentWith: "t0")
        let retry = Task { await interceptor.retry(attempt, for: session, dueTo: refused) }
        #expect(await eventually { await authenticator.refreshCount == 1 })
        let adapted = try await interceptor.adapt(try plainRequest(), for: session)
        #expect(adapted.value(forHTTPHeaderField: "Authorization") == "Bearer t1")
        #expect(await retry.value.isImmediateRetry)
    }

    @Test func credentialSetDuringARefreshIsKept() async throws {
        let authenticator = FakeAuthenticator(delay: .milliseconds(300))
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"))
        let attempt = try unauthorized(sentWith: "t0")
        let retry = Task { await interceptor.retry(attempt, for: session, dueTo: refused) }
        #expect(await eventually { await authenticator.refreshCount == 1 })
        await interceptor.setCredential(TestToken(value: "login"))
        #expect(await retry.value.isImmediateRetry)
        #expect(await interceptor.credential == TestToken(value: "login"))
    }
}
