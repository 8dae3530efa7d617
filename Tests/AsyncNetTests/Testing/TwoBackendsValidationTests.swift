import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// Validation, the same test bodies against the real servers and against a StubServer.
@Suite("Two backends: validation", .timeLimit(.minutes(1)))
struct TwoBackendsValidationTests {
    @Test(arguments: Backend.allCases)
    func statusCodes(backend: Backend) async throws {
        let servers = try await backend.servers()
        let session = servers.session()
        let notFound = await session.request(servers.httpbin("/status/404")).validate().serializingData().response
        guard case .responseValidationFailed(.unacceptableStatusCode(404)) = notFound.error else {
            Issue.record("expected unacceptableStatusCode(404), got \(notFound.result)")
            return
        }
        #expect(notFound.response?.statusCode == 404)
        let created = await session.request(servers.httpbin("/status/201")).validate(statusCode: [200, 201])
            .serializingData().result
        #expect(created.failure == nil, "\(created)")
        let accepted = await session.request(servers.httpbin("/status/202")).validate(statusCode: [200, 201])
            .serializingData().result
        #expect(accepted.failure?.responseCode == 202)
        let unvalidated = await session.request(servers.httpbin("/status/500")).serializingData().response
        #expect(unvalidated.error == nil, "without validate() a 500 is a response")
        #expect(unvalidated.response?.statusCode == 500)
    }

    @Test(arguments: Backend.allCases)
    func contentTypes(backend: Backend) async throws {
        let servers = try await backend.servers()
        let session = servers.session()
        let text = servers.raw(status: 200, contentType: "text/plain", body: Data("hello".utf8))
        let rejected = await session.request(text).validate(contentType: ["application/json"]).serializingData().result
        guard case .responseValidationFailed(.unacceptableContentType(let acceptable, let actual)) = rejected.failure else {
            Issue.record("expected unacceptableContentType, got \(rejected)")
            return
        }
        #expect(acceptable == ["application/json"])
        #expect(actual == "text/plain")
        let json = servers.raw(status: 200, contentType: "application/json; charset=utf-8", body: Data(#"{"a":1}"#.utf8))
        let value = try await session.request(json).validate(contentType: ["application/*"]).serializing(JSON.self).value
        #expect(value == ["a": 1])
        let untyped = servers.raw(status: 200, contentType: nil, body: Data("x".utf8))
        let missing = await session.request(untyped).validate(contentType: ["application/json"]).serializingData().result
        guard case .responseValidationFailed(.missingContentType(let expected)) = missing.failure else {
            Issue.record("expected missingContentType, got \(missing)")
            return
        }
        #expect(expected == ["application/json"])
    }

    @Test(arguments: Backend.allCases)
    func anEmpty204PassesAndSerializesToEmptyValues(backend: Backend) async throws {
        let servers = try await backend.servers()
        let request = servers.session().request(servers.raw(status: 204, contentType: "text/html"))
            .validate().validate(contentType: ["application/json"])
        let response = await request.serializing(Empty.self).response
        #expect(response.response?.statusCode == 204)
        #expect(response.value == Empty.value, "no body, so no content type to judge: \(response.result)")
        #expect(try await request.serializing(JSON.self).value == .null)
        #expect(try await request.serializingData().value == Data())
        let empty200 = await servers.session().request(servers.raw(status: 200, contentType: "application/json"))
            .validate().serializing(JSON.self).result
        guard case .failure(.responseSerializationFailed(reason: .inputDataNilOrZeroLength)) = empty200 else {
            Issue.record("an empty 200 is not an empty value: expected inputDataNilOrZeroLength, got \(empty200)")
            return
        }
    }
}
