import Foundation
import Testing
@testable import AsyncNet

/// `authenticate()` with redirects: one authenticated request, credentials only to their own origin.
/// (Answering a challenge made FoundationNetworking replay the original request on every redirect, ~21 times.)
@Suite("Credentials and redirects", .timeLimit(.minutes(1)))
struct CredentialRedirectTests {
    let session = Session()

    @Test func challengeThenRedirectSendsTheAuthenticatedPostOnce() async throws {
        let token = FaultServer.token()
        let json = try await session.request(
            try TestServer.fault("/auth-redirect/\(token)"), method: .post, parameters: ["order": "1"], encoder: .json)
            .authenticate(username: "u", password: "p")
            .validate()
            .serializing(JSON.self).value
        #expect(json["method"] == "GET", "303 turns the POST into a GET")
        #expect(try await FaultServer.hits("/auth-redirect/\(token)") == 1)
        #expect(try await FaultServer.hits("/auth-landing/\(token)") == 1)
    }

    @Test func redirectThenChallengeAuthenticatesOnce() async throws {
        let token = FaultServer.token()
        let json = try await session.request(try TestServer.fault("/redirect-then-auth/\(token)"))
            .authenticate(username: "u", password: "p")
            .validate()
            .serializing(JSON.self).value
        #expect(json["authorized"] == true)
        #expect(try await FaultServer.hits("/redirect-then-auth/\(token)") == 1)
        #expect(try await FaultServer.hits("/auth-required/\(token)") == 1)
    }

    @Test func redirectThenChallengeOnHttpbin() async throws {
        let json = try await session.request(try TestServer.httpbin("/redirect-to?url=/basic-auth/u/p"))
            .authenticate(username: "u", password: "p")
            .validate()
            .serializing(JSON.self).value
        #expect(json["authenticated"] == true)
    }

    @Test func credentialsStayWithTheirOrigin() async throws {
        let base = try TestServer.httpbinURL()
        let port = try #require(base.port)
        let other = "http://localhost:\(port)/headers"
        let crossOrigin = try await session.request(try TestServer.httpbin("/redirect-to?url=\(other)"))
            .authenticate(username: "u", password: "p")
            .serializing(JSON.self).value
        #expect(crossOrigin["headers"]["Host"] == .string("localhost:\(port)"), "the redirect was followed")
        #expect(crossOrigin["headers"]["Authorization"] == .null)

        let sameOrigin = try await session.request(try TestServer.httpbin("/redirect-to?url=/headers"))
            .authenticate(username: "u", password: "p")
            .serializing(JSON.self).value
        #expect(sameOrigin["headers"]["Authorization"] == "Basic dTpw")
    }

    @Test func callerSetAuthorizationDoesNotLeaveTheOriginEither() async throws {
        let port = try #require(try TestServer.httpbinURL().port)
        let json = try await session.request(
            try TestServer.httpbin("/redirect-to?url=http://localhost:\(port)/headers"),
            headers: .authorization(bearerToken: "secret"))
            .serializing(JSON.self).value
        #expect(json["headers"]["Authorization"] == .null)
    }

    @Test func refusedCredentialsGiveThe401Promptly() async throws {
        let result = await session.request(try TestServer.httpbin("/basic-auth/u/p"))
            .authenticate(username: "u", password: "wrong")
            .validate()
            .serializingData().result
        #expect(result.failure?.responseCode == 401)
    }
}
