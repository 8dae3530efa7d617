import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// The README's main flows run against the local servers, each with assertions on what the README says happens.
/// (That every ```swift block of README.md compiles is checked by scripts/check-readme, against the real file; the
/// code here follows the README's shapes with paths mapped to httpbin and fault-server endpoints.)
@Suite("README examples", .timeLimit(.minutes(1)))
struct ReadmeExamplesTests {
    struct User: Decodable, Sendable, Equatable {
        let id: Int
        let displayName: String
    }
    struct VersionMismatch: Error {}
    struct NewUser: Encodable, Sendable { let name: String }
    struct Filter: Encodable, Sendable { let onlyActive: Bool; let ids: [Int] }

    /// A fault-server URL answering `body` as application/json.
    static func json(_ body: String) throws -> String {
        let escaped = try #require(body.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        return try TestServer.fault("/json?body=" + escaped)
    }

    @Test func intro() async throws {
        let session = Session()
        let user = try await session.request(try Self.json(#"{"id":1,"displayName":"Ada"}"#)).serializing(User.self).value
        #expect(user == User(id: 1, displayName: "Ada"))
    }

    @Test func usingIt() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL(), timeout: .seconds(30))

        // Any JSON, without a model.
        let json = try await session.request(try Self.json(#"{"users":[{"name":"Ada"},{"name":"Grace"}]}"#))
            .validate().serializing(JSON.self).value
        let firstName = json["users"][0]["name"].stringValue
        #expect(firstName == "Ada")

        // A Decodable model, with your own decoder: the snake_case key decodes only through that decoder.
        let snakeCase = try Self.json(#"{"id":2,"display_name":"Grace"}"#)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let user = try await session.request(snakeCase).validate().serializing(User.self, decoder: decoder).value
        #expect(user == User(id: 2, displayName: "Grace"))
        let withDefaultDecoder = await session.request(snakeCase).serializing(User.self).result
        guard case .failure(.responseSerializationFailed(reason: .decodingFailed)) = withDefaultDecoder else {
            Issue.record("the default decoder must not read display_name, got \(withDefaultDecoder)")
            return
        }

        // Result and the whole response instead of throwing.
        let one = try Self.json(#"{"id":1,"displayName":"Ada"}"#)
        let result = await session.request(one).serializing(User.self).result
        #expect(try result.get() == User(id: 1, displayName: "Ada"))
        let response = await session.request(one).serializing(User.self).response
        #expect(response.response?.statusCode == 200)
        let firstByte = try #require(response.metrics?.timeToFirstByte, "no time to first byte measured")
        #expect(firstByte > .zero)
        #expect(response.value == User(id: 1, displayName: "Ada"))

        // Several serializers share one network call: /uuid answers a new UUID on every call.
        let request = session.request("uuid")
        let raw = try await request.serializingData().value
        let text = try await request.serializingString().value
        #expect(String(decoding: raw, as: UTF8.self) == text)
        #expect(try JSON.decode(raw)["uuid"].stringValue?.count == 36)
    }

    @Test func buildingRequests() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let results = try await session.request("get", parameters: ["q": "swift", "page": "2"]).serializing(JSON.self).value
        #expect(results["args"] == ["q": "swift", "page": "2"])

        let created = try await session.request("post", method: .post, parameters: NewUser(name: "Ada"), encoder: .json)
            .validate().serializing(JSON.self).value
        #expect(created["json"] == ["name": "Ada"])
        #expect(created["headers"]["Content-Type"] == "application/json")
        let raw = try await session.request("anything", method: .put, parameters: ["a": 1, "b": [true, nil]] as JSON,
                                            encoder: .json).serializing(JSON.self).value
        #expect(raw["method"] == "PUT")
        #expect(raw["json"] == ["a": 1, "b": [true, nil]])

        let traced = try await session.request("headers", headers: ["X-Trace": "1"], timeout: .seconds(5)) {
            $0.cachePolicy = .reloadIgnoringLocalCacheData
        }.serializing(JSON.self).value
        #expect(traced["headers"]["X-Trace"] == "1")

        let form = URLEncodedFormParameterEncoder(
            encoder: URLEncodedFormEncoder(arrayEncoding: .noBrackets, boolEncoding: .literal, keyEncoding: .convertToSnakeCase),
            destination: .queryString)
        let filtered = try await session.request("get", parameters: Filter(onlyActive: true, ids: [1, 2]), encoder: form)
            .serializing(JSON.self).value
        #expect(filtered["url"].stringValue?.hasSuffix("/get?ids=1&ids=2&only_active=true") == true)
    }

    @Test func validation() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let user = try await session.request(try Self.json(#"{"id":1,"displayName":"Ada"}"#))
            .validate().serializing(User.self).value
        #expect(user.id == 1)

        func versioned(_ version: String) async -> Result<Data, AsyncNetError> {
            await session.request("response-headers?X-Version=\(version)")
                .validate(statusCode: [200, 201])
                .validate(contentType: ["application/json"])
                .validate { request, response, data in
                    guard response.value(forHTTPHeaderField: "X-Version") == "2" else { throw VersionMismatch() }
                }
                .serializingData().result
        }
        // The closure both accepts and rejects: it ran.
        let accepted = await versioned("2")
        #expect(try JSON.decode(try accepted.get())["X-Version"] == "2")
        let rejected = await versioned("1")
        guard case .failure(.responseValidationFailed(reason: .custom(let error))) = rejected else {
            Issue.record("expected the closure's VersionMismatch, got \(rejected)")
            return
        }
        #expect(error is VersionMismatch)

        // "A validation failure is responseValidationFailed; error.responseCode gives the status."
        let missing = await session.request("status/404").validate().serializingData().result
        guard case .failure(let failure) = missing,
              case .responseValidationFailed(reason: .unacceptableStatusCode(code: 404)) = failure else {
            Issue.record("expected unacceptableStatusCode(404), got \(missing)")
            return
        }
        #expect(failure.responseCode == 404)
    }

    @Test func cancellation() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let start = ContinuousClock.now
        let task = Task { try await session.request("delay/10").serializingData().value }
        task.cancel()   // cancels the URLSession task; the await throws AsyncNetError.explicitlyCancelled
        let outcome = await task.result
        #expect((outcome.failure as? AsyncNetError)?.isExplicitlyCancelled == true, "got \(outcome)")
        // Well before the 10 s the server takes to answer, and no task is left running.
        #expect(ContinuousClock.now - start < .seconds(9))
        #expect(await eventually { await session.inFlightCount == 0 })
    }

    @Test func authentication() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let token = "t0ken"
        let me = try await session.request("basic-auth/u/p").authenticate(username: "u", password: "p")
            .serializing(JSON.self).value
        let other = try await session.request("bearer", headers: .authorization(bearerToken: token))
            .serializing(JSON.self).value
        #expect(me["authenticated"] == true)
        #expect(me["user"] == "u")
        #expect(other["authenticated"] == true)
        #expect(other["token"] == "t0ken")

        // "Without a credential, a challenge is refused and the 401 response comes back to you."
        let refused = await session.request("basic-auth/u/p").serializingData().response
        #expect(refused.response?.statusCode == 401)
        #expect(refused.error == nil)
    }
}
