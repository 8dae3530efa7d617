import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Redirects decided by AsyncNet, hop by hop.
@Suite("Redirect hops", .timeLimit(.minutes(1)))
struct RedirectHopTests {
    let session = Session()

    @Test(arguments: [307, 308])
    func temporaryAndPermanentKeepMethodAndBody(status: Int) async throws {
        let echo = try await session.request(
            try TestServer.httpbin("/redirect-to?url=/anything&status_code=\(status)"), method: .post,
            parameters: ["order": "1"] as JSON, encoder: .json)
            .validate().serializing(HTTPBinEcho.self).value
        #expect(echo.json == ["order": "1"])
        #expect(echo.url.hasSuffix("/anything"))
        let method = try await session.request(
            try TestServer.httpbin("/redirect-to?url=/anything&status_code=\(status)"), method: .put,
            parameters: ["a": 1] as JSON, encoder: .json)
            .serializing(JSON.self).value["method"]
        #expect(method == "PUT")
    }

    @Test(arguments: [302, 303])
    func foundAndSeeOtherTurnPostIntoGet(status: Int) async throws {
        let json = try await session.request(
            try TestServer.httpbin("/redirect-to?url=/anything&status_code=\(status)"), method: .post,
            parameters: ["order": "1"] as JSON, encoder: .json)
            .validate().serializing(JSON.self).value
        #expect(json["method"] == "GET")
        #expect(json["data"] == "")
        #expect(json["headers"]["Content-Type"] == .null)
    }

    @Test func doNotFollowReturnsTheRedirect() async throws {
        let response = await session.request(try TestServer.httpbin("/redirect-to?url=/get&status_code=302"))
            .redirect(using: Redirector.doNotFollow).serializingData().response
        #expect(response.response?.statusCode == 302)
        #expect(response.error == nil)
        let validated = await Session(redirectHandler: Redirector.doNotFollow)
            .request(try TestServer.httpbin("/redirect-to?url=/get&status_code=302")).validate().serializingData().result
        #expect(validated.failure?.responseCode == 302, "a 3xx that is the result is validated like any response")
    }

    @Test func modifyRewritesTheTarget() async throws {
        let json = try await session.request(try TestServer.httpbin("/redirect-to?url=/get"))
            .redirect(using: Redirector.modify { request, response in
                var request = request
                request.url = request.url?.deletingLastPathComponent().appendingPathComponent("headers")
                request.setValue("\(response.statusCode)", forHTTPHeaderField: "X-Redirected-By")
                return request
            })
            .validate().serializing(JSON.self).value
        #expect(json["headers"]["X-Redirected-By"] == "302")
    }

    @Test func aLoopFailsWithinTheHopLimit() async throws {
        let token = FaultServer.token()
        let result = await session.request(try TestServer.fault("/redirect-loop/\(token)")).serializingData().result
        guard case .redirectFailed(.tooManyRedirects(let limit)) = result.failure else {
            Issue.record("expected tooManyRedirects, got \(result)")
            return
        }
        #expect(limit == 10)
        #expect(try await FaultServer.hits("/redirect-loop/\(token)") == 11)
        let short = await session.request(try TestServer.httpbin("/redirect/3"))
            .redirect(using: Redirector(maximumRedirects: 2) { request, _ in request }).serializingData().result
        guard case .redirectFailed(.tooManyRedirects(2)) = short.failure else {
            Issue.record("expected tooManyRedirects(2), got \(short)")
            return
        }
    }

    @Test func aRelativeLocationKeepsItsTrailingSlash() async throws {
        let json = try await session.request(try TestServer.fault("/dir-redirect")).validate().serializing(JSON.self).value
        #expect(json["path"] == "/dir/")
    }

    @Test func chainsOfRedirectsAreFollowed() async throws {
        let response = await session.request(try TestServer.httpbin("/relative-redirect/5")).validate()
            .serializing(JSON.self).response
        #expect(response.response?.url?.path == "/get")
        #expect(response.retryCount == 0, "hops are not retries")
    }

    // MARK: - The pure hop computation

    func response(_ status: Int, from url: String, location: String) throws -> HTTPURLResponse {
        let address = try #require(URL(string: url))
        return try #require(HTTPURLResponse(url: address, statusCode: status, httpVersion: "HTTP/1.1",
                                            headerFields: ["Location": location]))
    }

    @Test func httpsToHttpIsRefusedUnlessAllowed() throws {
        var request = URLRequest(url: try #require(URL(string: "https://a.example/x")))
        request.httpMethod = "GET"
        let answer = try response(302, from: "https://a.example/x", location: "http://a.example/y")
        #expect(throws: AsyncNetError.self) {
            try RedirectHop.next(after: request, response: answer, allowsInsecure: false)
        }
        let allowed = try RedirectHop.next(after: request, response: answer, allowsInsecure: true)
        #expect(allowed.url?.absoluteString == "http://a.example/y")
    }

    @Test func credentialsAreDroppedWhenLeavingTheOrigin() throws {
        var request = URLRequest(url: try #require(URL(string: "http://a.example:8080/x")))
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("c=1", forHTTPHeaderField: "Cookie")
        request.setValue("Basic p", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        let samePort = try RedirectHop.next(
            after: request, response: try response(302, from: "http://a.example:8080/x", location: "/y"),
            allowsInsecure: false)
        #expect(samePort.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        let otherPort = try RedirectHop.next(
            after: request, response: try response(302, from: "http://a.example:8080/x", location: "http://a.example/y"),
            allowsInsecure: false)
        #expect(otherPort.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(otherPort.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(otherPort.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(otherPort.value(forHTTPHeaderField: "X-Other") == "kept")
    }

    @Test func headStaysHeadAfter303AndBadLocationsFail() throws {
        var head = URLRequest(url: try #require(URL(string: "http://a.example/x")))
        head.httpMethod = "HEAD"
        let next = try RedirectHop.next(
            after: head, response: try response(303, from: "http://a.example/x", location: "/y"), allowsInsecure: false)
        #expect(next.httpMethod == "HEAD")
        #expect(throws: AsyncNetError.self) {
            try RedirectHop.next(after: head, response: try response(302, from: "http://a.example/x",
                                                                     location: "ftp://a.example/f"),
                                 allowsInsecure: false)
        }
    }
}
