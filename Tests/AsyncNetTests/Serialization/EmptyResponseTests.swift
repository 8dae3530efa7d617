import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

@Suite("Responses without a body: 205, HEAD, custom empty codes and methods", .timeLimit(.minutes(1)))
struct EmptyResponseTests {
    let session = Session()

    struct Model: Decodable, Sendable, Equatable {
        let id: Int
    }

    @Test func status205SerializesToEmptyValues() async throws {
        let request = session.request(try TestServer.httpbin("/status/205")).validate()
        let response = await request.serializing(Empty.self).response
        #expect(response.response?.statusCode == 205)
        #expect(response.value == Empty.value, "got \(response.result)")
        #expect(try await request.serializing(JSON.self).value == .null)
        #expect(try await request.serializingData().value == Data())
        #expect(try await request.serializingString().value == "")
        let optional: Model?? = try await request.serializing(Model?.self).value
        #expect(optional == .some(nil))
        let model = await request.serializing(Model.self).result
        guard case .failure(.responseSerializationFailed(reason: .invalidEmptyResponse(let type))) = model else {
            Issue.record("expected invalidEmptyResponse, got \(model)")
            return
        }
        #expect(type.contains("Model"))
    }

    @Test func headResponsesHaveNoBodyEvenWhenTheHeadAnnouncesOne() async throws {
        let request = session.request(try TestServer.httpbin("/get"), method: .head).validate()
        let response = await request.serializingData().response
        #expect(response.response?.statusCode == 200)
        // The head describes the GET body (application/json, a non-zero length), but none arrives.
        let length = try #require(response.response?.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0) })
        #expect(length > 0)
        #expect(response.value == Data(), "got \(response.result)")
        #expect(response.data == Data())
        #expect(try await request.serializing(Empty.self).value == Empty.value)
        #expect(try await request.serializing(JSON.self).value == .null)
        #expect(try await request.serializingString().value == "")
        let model = await request.serializing(Model.self).result
        guard case .failure(.responseSerializationFailed(reason: .invalidEmptyResponse)) = model else {
            Issue.record("expected invalidEmptyResponse, got \(model)")
            return
        }
    }

    @Test func customEmptyResponseCodesAllowAnEmpty200() async throws {
        // httpbin's /status/200 answers 200 with an empty body.
        let request = session.request(try TestServer.httpbin("/status/200"))
        let strict = await request.serializing(Empty.self).result
        guard case .failure(.responseSerializationFailed(reason: .inputDataNilOrZeroLength)) = strict else {
            Issue.record("an empty 200 is not empty by default, expected inputDataNilOrZeroLength, got \(strict)")
            return
        }
        #expect(try await request.serializing(Empty.self, emptyResponseCodes: [200]).value == Empty.value)
        #expect(try await request.serializing(JSON.self, emptyResponseCodes: [200]).value == .null)
    }

    @Test func customEmptyResponseCodesReplaceTheDefaults() async throws {
        let request = session.request(try TestServer.httpbin("/status/204"))
        #expect(try await request.serializing(Empty.self).value == Empty.value)
        let result = await request.serializing(Empty.self, emptyResponseCodes: [200]).result
        guard case .failure(.responseSerializationFailed(reason: .inputDataNilOrZeroLength)) = result else {
            Issue.record("204 is not in [200]: expected inputDataNilOrZeroLength, got \(result)")
            return
        }
    }

    @Test func customEmptyRequestMethods() async throws {
        let head = session.request(try TestServer.httpbin("/get"), method: .head)
        let result = await head.serializing(JSON.self, emptyRequestMethods: []).result
        guard case .failure(.responseSerializationFailed(reason: .inputDataNilOrZeroLength)) = result else {
            Issue.record("HEAD is not in []: expected inputDataNilOrZeroLength, got \(result)")
            return
        }
        // A method added to the set makes its empty answers empty values.
        let emptyGet = session.request(try TestServer.raw(status: 200, contentType: "application/json", text: ""))
        #expect(try await emptyGet.serializing(Empty.self, emptyRequestMethods: [.get]).value == Empty.value)
    }
}
