import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// The real failures the retry and authentication endpoints of the fault server produce, judged by the retriers'
/// pure decisions (without the request core's retry loop).
@Suite("Retriers judge real failures", .timeLimit(.minutes(1)))
struct RetryFaultEndpointTests {
    let session = Session()

    /// The failed response as a retrier sees it.
    func snapshot<Value>(of response: DataResponse<Value>, retryCount: Int = 0) -> RequestSnapshot {
        RequestSnapshot(request: response.request, response: response.response, data: response.data,
                        retryCount: retryCount)
    }

    @Test func connectionResetMidBodyIsARetryableTransportError() async throws {
        let path = "/reset-mid-body/\(FaultServer.token())"
        let url = try TestServer.fault(path + "?failures=1")
        let failed = await session.request(url).serializingData().response
        let error = try #require(failed.error)
        guard case .sessionTaskFailed(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(RetryPolicy.defaultRetryableURLErrorCodes.contains(urlError.code), "URLError \(urlError.code.rawValue)")
        #expect(RetryPolicy().decision(for: snapshot(of: failed), dueTo: error).retryDelay != nil)
        let body = try await session.request(url).validate().serializingData().value
        #expect(body.count == 1000)
        #expect(try await FaultServer.hits(path) == 2)
    }

    @Test func bodyCutShortIsARetryableTransportError() async throws {
        // The server closes the connection 90 bytes early; Linux reports URLError -1 ("transfer closed with ...").
        let failed = await session.request(try TestServer.fault("/truncated")).serializingData().response
        let error = try #require(failed.error)
        #expect(RetryPolicy().isRetryable(error), "\(error)")
        #expect(RetryPolicy.connectionLost.isRetryable(error))
    }

    @Test func validated503CarriesItsRetryAfter() async throws {
        let path = "/status-sequence/\(FaultServer.token())"
        let url = try TestServer.fault(path + "?codes=503,200&retry_after=1")
        let failed = await session.request(url).validate().serializingData().response
        let error = try #require(failed.error)
        #expect(error.responseCode == 503)
        #expect(RetryPolicy().decision(for: snapshot(of: failed), dueTo: error).retryDelay == .seconds(1))
        let json = try await session.request(url).validate().serializing(JSON.self).value
        #expect(json["hit"] == 2)
    }

    @Test func unvalidated503IsNotAnError() async throws {
        let url = try TestServer.fault("/status-sequence/\(FaultServer.token())?codes=503")
        let response = await session.request(url).serializingData().response
        #expect(response.response?.statusCode == 503)
        #expect(response.error == nil)
    }

    @Test func protected401ReachesTheAuthenticator() async throws {
        let group = FaultServer.token()
        let url = try TestServer.fault("/protected/\(group)")
        let authenticator = FakeAuthenticator(delay: .zero)
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: TestToken(value: "t0"))
        let failed = await session.request(url, headers: .authorization(bearerToken: "t0"))
            .validate().serializingData().response
        let error = try #require(failed.error)
        #expect(error.responseCode == 401)
        let decision = await interceptor.retry(snapshot(of: failed), for: session, dueTo: error)
        #expect(decision.isImmediateRetry)
        #expect(await authenticator.refreshCount == 1)

        let token = try await session.request(try TestServer.fault("/token/\(group)"), method: .post)
            .validate().serializing(JSON.self).value
        #expect(token["token"] == "t1")
        let json = try await session.request(url, headers: .authorization(bearerToken: "t1"))
            .validate().serializing(JSON.self).value
        #expect(json["ok"] == true)
        let count = try await session.request(try TestServer.fault("/token-count/\(group)")).serializingString().value
        #expect(count == "1")
    }
}
