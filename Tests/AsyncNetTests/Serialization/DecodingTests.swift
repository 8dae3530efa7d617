import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

@Suite("Decoding with a custom DataDecoder", .timeLimit(.minutes(1)))
struct DecodingTests {
    let session = Session()

    struct Person: Codable, Sendable, Equatable {
        let name: String
        let age: Int
    }

    struct MissingKey: Error, Equatable { let key: String }

    /// Decodes the value found under one key of a JSON object: httpbin's echo puts a posted JSON body under "json".
    struct EnvelopeDecoder: DataDecoder {
        let key: String

        func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D {
            let envelope = try JSONDecoder().decode(JSON.self, from: data)
            let inner = envelope[key]
            guard !inner.isNull else { throw MissingKey(key: key) }
            return try JSONDecoder().decode(D.self, from: try JSONEncoder().encode(inner))
        }
    }

    @Test func theGivenDecoderIsUsed() async throws {
        let ada = Person(name: "Ada", age: 36)
        let request = session.request(try TestServer.httpbin("/post"), method: .post, parameters: ada, encoder: .json)
        let person = try await request.validate().serializing(Person.self, decoder: EnvelopeDecoder(key: "json")).value
        #expect(person == ada)
        // The same body through the default JSONDecoder is not a Person: the custom decoder made the difference.
        let plain = await request.serializing(Person.self).result
        guard case .failure(.responseSerializationFailed(reason: .decodingFailed)) = plain else {
            Issue.record("expected decodingFailed with the default decoder, got \(plain)")
            return
        }
    }

    @Test func theDecodersErrorIsReported() async throws {
        let result = await session.request(try TestServer.httpbin("/get"))
            .serializing(Person.self, decoder: EnvelopeDecoder(key: "absent")).result
        guard case .failure(.responseSerializationFailed(reason: .decodingFailed(let error))) = result else {
            Issue.record("expected decodingFailed, got \(result)")
            return
        }
        #expect(error as? MissingKey == MissingKey(key: "absent"))
    }

    @Test func aPropertyListBodyDecodesWithPropertyListDecoder() async throws {
        let grace = Person(name: "Grace", age: 85)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let url = try TestServer.raw(status: 200, contentType: "application/x-plist", body: try encoder.encode(grace))
        let person = try await session.request(url).validate()
            .serializing(Person.self, decoder: PropertyListDecoder()).value
        #expect(person == grace)
    }
}
