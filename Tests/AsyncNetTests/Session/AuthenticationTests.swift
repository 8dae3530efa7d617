import Foundation
import Testing
@testable import AsyncNet

@Suite("Basic authentication challenges", .timeLimit(.minutes(1)))
struct AuthenticationTests {
    let session = Session()

    @Test func challengeWithoutCredentialReturnsThe401Promptly() async throws {
        let start = ContinuousClock.now
        let response = await session.request(try TestServer.httpbin("/basic-auth/u/p")).serializingData().response
        // Unanswered, the challenge hangs URLSession on Linux for good; 20 s leaves room for TSan on two busy cores.
        #expect(ContinuousClock.now - start < .seconds(20), "a 401 with WWW-Authenticate must not hang")
        #expect(response.response?.statusCode == 401)
        #expect(response.response?.value(forHTTPHeaderField: "WWW-Authenticate")?.contains("Basic") == true)
        #expect(response.error == nil)
    }

    @Test func challengeWithoutCredentialFailsValidationWith401() async throws {
        let result = await session.request(try TestServer.httpbin("/basic-auth/u/p")).validate().serializingData().result
        #expect(result.failure?.responseCode == 401)
    }

    @Test func challengeIsAnsweredWithTheCredential() async throws {
        let json = try await session.request(try TestServer.httpbin("/basic-auth/u/p"))
            .authenticate(username: "u", password: "p")
            .validate()
            .serializing(JSON.self).value
        #expect(json["authenticated"] == true)
        #expect(json["user"] == "u")
    }

    @Test func wrongCredentialEndsWith401NotALoop() async throws {
        let response = await session.request(try TestServer.httpbin("/basic-auth/u/p"))
            .authenticate(username: "u", password: "wrong")
            .serializingData().response
        #expect(response.response?.statusCode == 401)
    }

    @Test func presetAuthorizationHeaderWorks() async throws {
        let json = try await session.request(try TestServer.httpbin("/basic-auth/u/p"),
                                             headers: .authorization(username: "u", password: "p"))
            .validate().serializing(JSON.self).value
        #expect(json["authenticated"] == true)
    }
}

@Suite("Validation follows the final response", .timeLimit(.minutes(1)))
struct ChallengeValidationTests {
    @Test func headValidationOfThe401IsReplacedByThe200() async throws {
        // Linux delivers the 401 head before the challenge; validation must judge the 200 that follows.
        let response = await Session().request(try TestServer.httpbin("/basic-auth/u/p"))
            .authenticate(username: "u", password: "p")
            .validate(statusCode: [200]).validate(contentType: ["application/json"])
            .serializing(JSON.self).response
        #expect(response.response?.statusCode == 200)
        #expect(response.error == nil)
        #expect(response.value?["authenticated"] == true)
    }
}
