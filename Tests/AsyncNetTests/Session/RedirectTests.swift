import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

/// Redirects are followed by URLSession. What a response tells about them:
/// - `response.response` is the **final** response (its `url` is where the redirects ended);
/// - `response.request` (and `DataRequest.request`) is the request **AsyncNet sent**: the original URL, method and
///   headers, before any redirect.
@Suite("Redirects", .timeLimit(.minutes(1)))
struct RedirectTests {
    let session = Session()

    @Test(arguments: [301, 302, 303, 307, 308])
    func redirectsAreFollowed(status: Int) async throws {
        let target = TestServer.percentEncoded("/get?from=redirect")
        let start = try TestServer.httpbin("/redirect-to?url=\(target)&status_code=\(status)")
        let request = session.request(start, headers: ["X-Trace": "7"])
        let response = await request.validate().serializing(HTTPBinEcho.self).response
        let echo = try #require(response.value, "got \(response.result)")
        // The body is the redirect target's.
        #expect(echo.args == ["from": "redirect"])
        #expect(echo.url.hasSuffix("/get?from=redirect"))
        #expect(echo.headers["X-Trace"] == "7", "the request's headers travel with the redirect")
        // The response is the final one.
        #expect(response.response?.statusCode == 200)
        #expect(response.response?.url?.path == "/get")
        // The request is the one AsyncNet sent.
        #expect(response.request?.url?.absoluteString == start)
        #expect(response.request?.httpMethod == "GET")
        #expect(await request.request?.url?.absoluteString == start)
    }

    @Test(arguments: ["/redirect/3", "/relative-redirect/3", "/absolute-redirect/3"])
    func chainsOfRedirectsAreFollowed(path: String) async throws {
        let start = try TestServer.httpbin(path)
        let response = await session.request(start).validate().serializing(HTTPBinEcho.self).response
        let echo = try #require(response.value, "got \(response.result)")
        #expect(echo.url.hasSuffix("/get"))
        #expect(response.response?.url?.path == "/get")
        #expect(response.request?.url?.absoluteString == start)
    }

    @Test func postRedirectedWith303BecomesAGet() async throws {
        let target = TestServer.percentEncoded("/anything/after")
        let start = try TestServer.httpbin("/redirect-to?url=\(target)&status_code=303")
        let response = await session.request(start, method: .post, parameters: ["a": "1"])
            .validate().serializing(JSON.self).response
        let json = try #require(response.value, "got \(response.result)")
        #expect(json["method"] == "GET")
        #expect(json["url"].stringValue?.hasSuffix("/anything/after") == true)
        // What was sent stays on the response: the POST with its form body.
        #expect(response.request?.httpMethod == "POST")
        #expect(response.request?.httpBody == Data("a=1".utf8))
    }
}
