import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

/// The README's examples, kept compiling and run against the local httpbin (paths mapped to httpbin endpoints).
@Suite("README examples", .timeLimit(.minutes(1)))
struct ReadmeExamplesTests {
    struct User: Decodable, Sendable { let url: String }
    struct VersionMismatch: Error {}

    @Test func usingIt() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL(), timeout: .seconds(30))

        let json = try await session.request("anything").validate().serializing(JSON.self).value
        let firstName = json["users"][0]["name"].stringValue
        #expect(firstName == nil)

        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let user = try await session.request("get").validate().serializing(User.self, decoder: decoder).value
        #expect(user.url.hasSuffix("/get"))

        let result = await session.request("get").serializing(User.self).result
        let response = await session.request("get").serializing(User.self).response
        print(response.response?.statusCode ?? 0, response.metrics?.timeToFirstByte ?? .zero)
        #expect((try? result.get()) != nil)

        let request = session.request("uuid")
        let raw = try await request.serializingData().value
        let text = try await request.serializingString().value
        #expect(String(decoding: raw, as: UTF8.self) == text)
    }

    @Test func validation() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        _ = try await session.request("get").validate().serializing(User.self).value
        let result = await session.request("response-headers?X-Version=2")
            .validate(statusCode: [200, 201])
            .validate(contentType: ["application/json"])
            .validate { request, response, data in
                guard response.value(forHTTPHeaderField: "X-Version") == "2" else { throw VersionMismatch() }
            }
            .serializingData().result
        #expect((try? result.get()) != nil)
    }

    @Test func authentication() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let token = "t0ken"
        let me = try await session.request("basic-auth/u/p").authenticate(username: "u", password: "p")
            .serializing(JSON.self).value
        let other = try await session.request("bearer", headers: .authorization(bearerToken: token))
            .serializing(JSON.self).value
        #expect(me["authenticated"] == true)
        #expect(other["token"] == "t0ken")
    }

    struct NewUser: Encodable, Sendable { let name: String }
    struct Filter: Encodable, Sendable { let onlyActive: Bool; let ids: [Int] }

    @Test func buildingRequests() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let results = try await session.request("get", parameters: ["q": "swift", "page": "2"]).serializing(JSON.self).value
        #expect(results["args"]["q"] == "swift")

        let created = try await session.request("post", method: .post, parameters: NewUser(name: "Ada"), encoder: .json)
            .validate().serializing(JSON.self).value
        #expect(created["json"]["name"] == "Ada")
        let raw = try await session.request("anything", method: .put, parameters: ["a": 1, "b": [true, nil]] as JSON,
                                            encoder: .json).serializing(JSON.self).value
        #expect(raw["json"]["b"] == [true, nil])

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
}
