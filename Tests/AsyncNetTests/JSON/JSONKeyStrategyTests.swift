import Foundation
import Testing
@testable import AsyncNet

/// A model-free `JSON` keeps the server's keys exactly, whatever key strategy the coder has.
@Suite("JSON and key strategies", .timeLimit(.minutes(1)))
struct JSONKeyStrategyTests {
    @Test func decodingKeepsKeys() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = try decoder.decode(JSON.self, from: Data(#"{"user_name":1,"nested":[{"first_name":"a"}]}"#.utf8))
        #expect(json["user_name"] == 1)
        #expect(json["nested"][0]["first_name"] == "a")
        #expect(json["userName"] == .null)
    }

    @Test func encodingKeepsKeys() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let data = try encoder.encode(["userName": 1, "list": [["innerKey": true]]] as JSON)
        let back = try JSONDecoder().decode(JSON.self, from: data)
        #expect(back == ["userName": 1, "list": [["innerKey": true]]])
    }

    @Test func sentAsWrittenThroughAnEncoderWithAStrategy() async throws {
        let echo = try await Session().request(
            try TestServer.httpbin("/anything"), method: .post, parameters: ["userName": 1] as JSON,
            encoder: JSONParameterEncoder { $0.keyEncodingStrategy = .convertToSnakeCase })
            .serializing(HTTPBinEcho.self).value
        #expect(echo.json == ["userName": 1])
    }

    @Test func receivedAsSentThroughADecoderWithAStrategy() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = try await Session().request(try TestServer.httpbin("/response-headers?x_custom_header=1"))
            .serializing(JSON.self, decoder: decoder).value
        #expect(json["x_custom_header"] == "1")
    }

    @Test func numberOutOfRangeIsNamed() async throws {
        let result = await Session().request(try TestServer.fault("/json?body=%7B%22v%22%3A1E400%7D"))
            .serializing(JSON.self).result
        let failure = try #require(result.failure)
        #expect(failure.description.contains("1E400"), "\(failure)")
        #expect(failure.description.contains("not representable"), "\(failure)")
    }
}
