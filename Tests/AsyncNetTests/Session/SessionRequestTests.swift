import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("Session: requests against httpbin", .timeLimit(.minutes(1)))
struct SessionRequestTests {
    let session = Session()

    @Test func getWithQueryDecodesIntoJSON() async throws {
        let json = try await session.request(try TestServer.httpbin("/get?q=swift&page=2")).serializing(JSON.self).value
        #expect(json["args"]["q"] == "swift")
        #expect(json["args"]["page"].stringValue == "2")
        #expect(json["url"].stringValue?.hasSuffix("/get?q=swift&page=2") == true)
    }

    @Test func getWithQueryDecodesIntoAStruct() async throws {
        let echo = try await session.request(try TestServer.httpbin("/get?name=caf%C3%A9")).serializing(HTTPBinEcho.self).value
        #expect(echo.args == ["name": "café"])
    }

    @Test func sendsAsyncNetDefaultHeaders() async throws {
        let echo = try await session.request(try TestServer.httpbin("/headers")).serializing(JSON.self).value
        let agent = try #require(echo["headers"]["User-Agent"].stringValue)
        #expect(agent.contains("AsyncNet/\(AsyncNet.version)"))
        #expect(echo["headers"]["Accept-Encoding"].stringValue?.contains("gzip") == true)
        #expect(echo["headers"]["Accept-Language"].stringValue?.isEmpty == false)
    }

    @Test func postEchoesAJSONBody() async throws {
        var urlRequest = URLRequest(url: try #require(URL(string: try TestServer.httpbin("/post"))))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: JSON = ["name": "Ada", "tags": ["a", "b"], "id": 9_007_199_254_740_993]
        urlRequest.httpBody = Data(body.description.utf8)
        let echo = try await session.request(urlRequest).validate().serializing(HTTPBinEcho.self).value
        #expect(echo.json == body)
        #expect(echo.json?["id"].int64Value == 9_007_199_254_740_993)
    }

    @Test func headRequestsSerializeToEmptyValues() async throws {
        let request = session.request(try TestServer.httpbin("/get"), method: .head)
        let response = await request.serializingData().response
        #expect(response.response?.statusCode == 200)
        #expect(response.value == Data())
        #expect(try await request.serializing(Empty.self).value == Empty.value)
        #expect(try await request.serializing(JSON.self).value == .null)
    }

    @Test func status204SerializesToEmpty() async throws {
        let request = session.request(try TestServer.httpbin("/status/204")).validate()
        #expect(try await request.serializing(Empty.self).value == Empty())
        #expect(try await request.serializing(JSON.self).value == .null)
        #expect(try await request.serializingData().value.isEmpty)
        #expect(try await request.serializingString().value == "")
        let optional: HTTPBinEcho?? = try await request.serializing(HTTPBinEcho?.self).value
        #expect(optional == .some(nil))
        let result = await request.serializing(HTTPBinEcho.self).result
        guard case .failure(.responseSerializationFailed(reason: .invalidEmptyResponse(let type))) = result else {
            Issue.record("expected invalidEmptyResponse, got \(result)")
            return
        }
        #expect(type.contains("HTTPBinEcho"))
    }

    @Test func emptyOKBodyForADecodableFailsClearly() async throws {
        let result = await session.request(try TestServer.fault("/empty-json")).serializing(HTTPBinEcho.self).result
        guard case .failure(let error) = result,
              case .responseSerializationFailed(reason: .inputDataNilOrZeroLength) = error else {
            Issue.record("expected inputDataNilOrZeroLength, got \(result)")
            return
        }
        #expect(error.localizedDescription.contains("empty"))
    }

    @Test func utf8BodyDecodes() async throws {
        let text = try await session.request(try TestServer.httpbin("/encoding/utf8")).serializingString().value
        #expect(text.contains("∮ E⋅da = Q"))
    }

    @Test func latin1BodyDecodesWithItsCharset() async throws {
        let text = try await session.request(try TestServer.fault("/latin1")).serializingString().value
        #expect(text == "café ñ")
    }

    @Test func utf16BodyDecodesWithItsCharset() async throws {
        let text = try await session.request(try TestServer.fault("/utf16")).serializingString().value
        #expect(text == "héllo")
    }

    @Test func forcedEncodingOverridesTheCharset() async throws {
        let text = await session.request(try TestServer.fault("/latin1")).serializingString(encoding: .utf8).result
        guard case .failure(.responseSerializationFailed(reason: .stringDecodingFailed(let encoding))) = text else {
            Issue.record("latin-1 bytes are not UTF-8, expected stringDecodingFailed, got \(text)")
            return
        }
        #expect(encoding == .utf8)
    }

    @Test func customDecoderIsUsed() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Slideshow: Decodable, Sendable { let slideshow: Show }
        struct Show: Decodable, Sendable { let title: String }
        let value = try await session.request(try TestServer.httpbin("/json"))
            .serializing(Slideshow.self, decoder: decoder).value
        #expect(value.slideshow.title == "Sample Slide Show")
    }

    @Test func customSerializerRuns() async throws {
        struct LineCount: ResponseSerializer {
            func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> Int {
                String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").count
            }
        }
        let lines = try await session.request(try TestServer.httpbin("/stream/5")).serializing(using: LineCount()).value
        #expect(lines == 5)
    }

    @Test func customSerializerErrorIsWrapped() async throws {
        struct Boom: Error {}
        struct Failing: ResponseSerializer {
            func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?) async throws -> Int {
                throw Boom()
            }
        }
        let result = await session.request(try TestServer.httpbin("/get")).serializing(using: Failing()).result
        guard case .failure(.responseSerializationFailed(reason: .customSerializationFailed(let error))) = result else {
            Issue.record("expected customSerializationFailed, got \(result)")
            return
        }
        #expect(error is Boom)
    }

    @Test func responseCarriesMetricsAndMaps() async throws {
        let response = await session.request(try TestServer.httpbin("/get")).serializing(JSON.self).response
        let metrics = try #require(response.metrics)
        let firstByte = try #require(metrics.timeToFirstByte)
        #expect(firstByte > .zero)
        #expect(firstByte <= metrics.transferDuration)
        #expect(metrics.totalDuration >= metrics.transferDuration)
        #expect(response.request?.url?.path == "/get")
        #expect(response.data?.isEmpty == false)

        let mapped = response.map { $0["url"].stringValue ?? "" }
        #expect(mapped.value?.hasSuffix("/get") == true)
        #expect(mapped.response?.statusCode == 200)

        struct Missing: Error {}
        let tried = response.tryMap { json -> Int in
            guard let count = json["nothing"].intValue else { throw Missing() }
            return count
        }
        guard case .failure(.underlying(let error)) = tried.result else {
            Issue.record("expected the thrown error, got \(tried.result)")
            return
        }
        #expect(error is Missing)
        let remapped = tried.mapError { _ in .explicitlyCancelled }
        #expect(remapped.error?.isExplicitlyCancelled == true)
    }

    @Test func requestModifierAndHeadersApply() async throws {
        let echo = try await session.request(try TestServer.httpbin("/headers"), headers: ["X-Trace": "7"]) {
            $0.setValue("modified", forHTTPHeaderField: "X-Modifier")
        }.serializing(JSON.self).value
        #expect(echo["headers"]["X-Trace"] == "7")
        #expect(echo["headers"]["X-Modifier"] == "modified")
    }

    @Test func sessionDefaultWorks() async throws {
        let json = try await Session.default.request(try TestServer.httpbin("/get")).serializing(JSON.self).value
        #expect(json["url"].stringValue != nil)
    }
}
