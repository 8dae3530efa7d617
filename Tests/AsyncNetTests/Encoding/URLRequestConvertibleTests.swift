import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("URLRequestConvertible and relative URLRequests", .timeLimit(.minutes(1)))
struct URLRequestConvertibleTests {
    struct Refused: Error {}

    /// An endpoint described by your own type, as the README's "URLRequestConvertible" suggests.
    struct Endpoint: URLRequestConvertible {
        let path: String
        let method: HTTPMethod
        var fails = false

        func asURLRequest() throws -> URLRequest {
            if fails { throw Refused() }
            var request = URLRequest(url: try path.asURL())
            request.httpMethod = method.rawValue
            request.setValue("endpoint", forHTTPHeaderField: "X-Source")
            return request
        }
    }

    struct ThrowsAsyncNetError: URLRequestConvertible {
        func asURLRequest() throws -> URLRequest {
            throw AsyncNetError.invalidURL(url: "custom", reason: "refused by the convertible")
        }
    }

    @Test func aThrowingConvertibleFailsBeforeAnythingIsSent() async throws {
        let session = Session(baseURL: try TestServer.httpbinURL())
        let request = session.request(Endpoint(path: "anything", method: .get, fails: true))
        let response = await request.serializingData().response
        let error = try #require(response.error, "got \(response.result)")
        #expect(error.underlyingError is Refused, "got \(error)")
        #expect(response.request == nil && response.response == nil && response.data == nil)
        #expect(await request.hasCreatedTask == false)
        #expect(await request.state == .finished)
    }

    @Test func anAsyncNetErrorFromTheConvertibleIsKeptAsItIs() async throws {
        let result = await Session().request(ThrowsAsyncNetError()).serializingData().result
        guard case .failure(.invalidURL(let url, let reason)) = result else {
            Issue.record("expected the convertible's own invalidURL, got \(result)")
            return
        }
        #expect(url == "custom" && reason == "refused by the convertible")
    }

    @Test func aRelativeURLRequestResolvesAgainstTheBaseURL() async throws {
        let session = Session(baseURL: URL(string: try TestServer.httpbin("/anything/api/")))
        var urlRequest = URLRequest(url: try #require(URL(string: "users?page=2")))
        urlRequest.httpMethod = "PUT"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("r", forHTTPHeaderField: "X-Request")
        urlRequest.httpBody = Data(#"{"name":"Ada"}"#.utf8)
        let response = await session.request(urlRequest).validate().serializing(JSON.self).response
        let echo = try #require(response.value, "got \(response.result)")
        #expect(echo["url"].stringValue?.hasSuffix("/anything/api/users?page=2") == true, "\(echo["url"])")
        // Everything else about the URLRequest is kept.
        #expect(echo["method"] == "PUT")
        #expect(echo["json"] == ["name": "Ada"])
        #expect(echo["headers"]["X-Request"] == "r")
        #expect(response.request?.url?.absoluteString == (try TestServer.httpbin("/anything/api/users?page=2")))
    }

    @Test func aRelativeConvertibleResolvesAgainstTheBaseURL() async throws {
        let session = Session(baseURL: URL(string: try TestServer.httpbin("/anything/v1/")))
        let echo = try await session.request(Endpoint(path: "items/7", method: .delete)).validate()
            .serializing(JSON.self).value
        #expect(echo["url"].stringValue?.hasSuffix("/anything/v1/items/7") == true, "\(echo["url"])")
        #expect(echo["method"] == "DELETE")
        #expect(echo["headers"]["X-Source"] == "endpoint")
    }

    @Test func aRelativeURLRequestWithoutABaseURLIsInvalid() async throws {
        let urlRequest = URLRequest(url: try #require(URL(string: "users")))
        let request = Session().request(urlRequest)
        let result = await request.serializingData().result
        guard case .failure(.invalidURL) = result else {
            Issue.record("expected invalidURL, got \(result)")
            return
        }
        #expect(await request.hasCreatedTask == false)
    }
}
