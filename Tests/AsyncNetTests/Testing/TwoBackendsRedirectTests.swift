import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// AsyncNet's own redirect hops, the same test bodies against the real servers and against a StubServer.
@Suite("Two backends: redirects", .timeLimit(.minutes(1)))
struct TwoBackendsRedirectTests {
    @Test(arguments: Backend.allCases)
    func a307KeepsThePostAndItsBody(backend: Backend) async throws {
        let servers = try await backend.servers()
        let response = await servers.session()
            .request(servers.httpbin("/redirect-to?url=/anything&status_code=307"), method: .post,
                     parameters: ["order": "1"] as JSON, encoder: .json)
            .validate().serializing(JSON.self).response
        let json = try #require(response.value, "\(response.result)")
        #expect(json["method"] == "POST")
        #expect(json["json"] == ["order": "1"])
        #expect(json["url"].stringValue?.hasSuffix("/anything") == true)
        #expect(response.response?.url?.path == "/anything")
        #expect(response.request?.httpMethod == "POST")
    }

    @Test(arguments: Backend.allCases)
    func a303TurnsThePostIntoAGetWithoutBody(backend: Backend) async throws {
        let servers = try await backend.servers()
        let response = await servers.session()
            .request(servers.httpbin("/redirect-to?url=/anything/after&status_code=303"), method: .post,
                     parameters: ["order": "1"] as JSON, encoder: .json)
            .validate().serializing(JSON.self).response
        let json = try #require(response.value, "\(response.result)")
        #expect(json["method"] == "GET")
        #expect(json["data"] == "")
        #expect(json.header("Content-Type") == nil)
        #expect(json["url"].stringValue?.hasSuffix("/anything/after") == true)
        #expect(response.request?.httpMethod == "GET")
        #expect(response.request?.httpBody == nil)
    }

    @Test(arguments: Backend.allCases)
    func aLoopFailsAfterTenHops(backend: Backend) async throws {
        let servers = try await backend.servers()
        let token = FaultServer.token()
        let result = await servers.session().request(servers.fault("/redirect-loop/\(token)?x=1")).serializingData().result
        guard case .redirectFailed(.tooManyRedirects(let limit)) = result.failure else {
            Issue.record("expected tooManyRedirects, got \(result)")
            return
        }
        #expect(limit == 10)
        #expect(try await servers.hits("/redirect-loop/\(token)") == 11)
    }

    @Test(arguments: Backend.allCases)
    func aRelativeLocationKeepsItsTrailingSlash(backend: Backend) async throws {
        let servers = try await backend.servers()
        let response = await servers.session().request(servers.fault("/dir-redirect")).validate()
            .serializing(JSON.self).response
        #expect(response.value?["path"] == "/dir/", "\(response.result)")
        #expect(response.response?.url?.absoluteString == servers.fault("/dir/"))
    }

    @Test(arguments: Backend.allCases)
    func credentialsStayWithTheirOrigin(backend: Backend) async throws {
        let servers = try await backend.servers()
        let session = servers.session()
        let headers: HTTPHeaders = ["Authorization": "Bearer secret", "X-Other": "kept"]
        let sameOrigin = try await session.request(servers.httpbin("/redirect-to?url=/anything"), headers: headers)
            .validate().serializing(JSON.self).value
        #expect(sameOrigin.header("Authorization") == "Bearer secret")
        #expect(sameOrigin.header("X-Other") == "kept")
        let elsewhere = TestServer.percentEncoded(servers.fault("/echo"))
        let crossOrigin = try await session.request(servers.httpbin("/redirect-to?url=\(elsewhere)"), headers: headers)
            .validate().serializing(JSON.self).value
        #expect(crossOrigin["path"] == "/echo")
        #expect(crossOrigin.header("Authorization") == nil, "dropped when leaving the origin")
        #expect(crossOrigin.header("X-Other") == "kept")
    }
}
