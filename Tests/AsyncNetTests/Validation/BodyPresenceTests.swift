import Foundation
import Testing
@testable import AsyncNet

/// Content-type checks judge "has a body" from what arrived, not from the head.
@Suite("Content-type validation and empty bodies", .timeLimit(.minutes(1)))
struct BodyPresenceTests {
    let session = Session()

    @Test func emptyChunkedBodyWithoutContentTypePasses() async throws {
        let data = try await session.request(try TestServer.fault("/empty-chunked"))
            .validate(contentType: ["application/json"]).serializingData().value
        #expect(data.isEmpty)
    }

    @Test func noContentWithAnHTMLTypePassesAcceptJSON() async throws {
        let response = await session.request(try TestServer.fault("/no-content-html"), headers: [.accept("application/json")])
            .validate().serializingData().response
        #expect(response.response?.statusCode == 204)
        #expect(response.error == nil)
    }

    @Test func headWithAnHTMLTypePassesAcceptJSON() async throws {
        let response = await session.request(try TestServer.fault("/html"), method: .head, headers: [.accept("application/json")])
            .validate().serializingData().response
        #expect(response.response?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
        #expect(response.error == nil)
    }

    @Test func aRealBodyOfTheWrongTypeStillFails() async throws {
        let result = await session.request(try TestServer.fault("/html"), headers: [.accept("application/json")])
            .validate().serializingData().result
        guard case .responseValidationFailed(.unacceptableContentType(_, let actual)) = result.failure else {
            Issue.record("expected unacceptableContentType, got \(result)")
            return
        }
        #expect(actual.hasPrefix("text/html"))
    }

    @Test func aBodyWithoutContentTypeFailsAnExplicitType() async throws {
        let result = await session.request(try TestServer.fault("/no-content-type"))
            .validate(contentType: ["application/json"]).serializingData().result
        guard case .responseValidationFailed(.missingContentType) = result.failure else {
            Issue.record("expected missingContentType, got \(result)")
            return
        }
    }
}
