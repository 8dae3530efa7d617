import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("Parameter encoders", .timeLimit(.minutes(1)))
struct ParameterEncoderTests {
    func request(_ method: HTTPMethod, _ url: String = "https://x.test/path?existing=1") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method.rawValue
        return request
    }

    @Test(arguments: [HTTPMethod.get, .head, .delete])
    func formGoesToTheQueryForMethodsWithoutBody(method: HTTPMethod) throws {
        let encoded = try URLEncodedFormParameterEncoder.default.encode(["q": "a b"], into: try request(method))
        #expect(encoded.url?.absoluteString == "https://x.test/path?existing=1&q=a%20b")
        #expect(encoded.httpBody == nil)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch])
    func formGoesToTheBodyOtherwise(method: HTTPMethod) throws {
        let encoded = try URLEncodedFormParameterEncoder.default.encode(["q": "a b"], into: try request(method))
        #expect(encoded.url?.absoluteString == "https://x.test/path?existing=1")
        #expect(encoded.httpBody == Data("q=a%20b".utf8))
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func explicitDestinations() throws {
        let query = URLEncodedFormParameterEncoder(destination: .queryString)
        #expect(try query.encode(["a": "1"], into: try request(.post)).url?.query == "existing=1&a=1")
        let body = URLEncodedFormParameterEncoder(destination: .httpBody)
        #expect(try body.encode(["a": "1"], into: try request(.get)).httpBody == Data("a=1".utf8))
    }

    @Test func emptyParametersLeaveTheURLAlone() throws {
        let encoded = try URLEncodedFormParameterEncoder.default.encode([String: String](), into: try request(.get, "https://x.test/p"))
        #expect(encoded.url?.absoluteString == "https://x.test/p")
    }

    @Test func callersContentTypeIsKept() throws {
        var original = try request(.post)
        original.setValue("application/vnd.custom+json", forHTTPHeaderField: "Content-Type")
        #expect(try JSONParameterEncoder.default.encode(["a": 1], into: original).value(forHTTPHeaderField: "Content-Type") == "application/vnd.custom+json")
        #expect(try URLEncodedFormParameterEncoder.default.encode(["a": 1], into: original).value(forHTTPHeaderField: "Content-Type") == "application/vnd.custom+json")
    }

    @Test func jsonEncoders() throws {
        let value: JSON = ["b": 1, "a": [true, nil]]
        let sorted = try JSONParameterEncoder.sortedKeys.encode(value, into: try request(.post))
        #expect(sorted.httpBody == Data(#"{"a":[true,null],"b":1}"#.utf8))
        #expect(sorted.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let pretty = try JSONParameterEncoder.prettyPrinted.encode(value, into: try request(.post))
        #expect(String(decoding: pretty.httpBody ?? Data(), as: UTF8.self).contains("\n"))
        let snake = JSONParameterEncoder { $0.keyEncodingStrategy = .convertToSnakeCase }
        struct Body: Encodable, Sendable { let userName = "a" }
        #expect(try snake.encode(Body(), into: try request(.post)).httpBody == Data(#"{"user_name":"a"}"#.utf8))
    }

    @Test func propertyListEncoder() throws {
        struct Body: Codable, Sendable, Equatable { let name: String; let count: Int }
        let encoded = try PropertyListParameterEncoder.xml.encode(Body(name: "n", count: 2), into: try request(.post))
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-plist")
        let body = try #require(encoded.httpBody)
        #expect(try PropertyListDecoder().decode(Body.self, from: body) == Body(name: "n", count: 2))
        #expect(String(decoding: body, as: UTF8.self).contains("<plist"))
    }

    @Test func encodingErrorsAreWrapped() throws {
        struct Refused: Error {}
        struct Throwing: Encodable, Sendable { func encode(to encoder: any Encoder) throws { throw Refused() } }
        for encoder in [URLEncodedFormParameterEncoder.default as any ParameterEncoder, JSONParameterEncoder.default] {
            do {
                _ = try encoder.encode(["x": Throwing()], into: try request(.post))
                Issue.record("\(encoder) must throw")
            } catch AsyncNetError.parameterEncodingFailed(reason: .encoderFailed(let error)) {
                #expect(error is Refused, "\(encoder) lost the underlying error: \(error)")
            }
        }
    }
}
