import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

/// Redirects are followed by AsyncNet, hop by hop. What a response tells about them:
/// - `response.response` is the **final** response (its `url` is where the redirects ended);
/// - `response.request` (and `DataRequest.request`) is the request AsyncNet sent **last**, the one that final
///   response answers: the last hop's URL and method, with the original headers.
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
        // The request is the last one AsyncNet sent: the hop the final response answers.
        #expect(response.request?.url?.path == "/get")
        #expect(response.request?.url?.absoluteString != start)
        #expect(response.request?.httpMethod == "GET")
        #expect(response.request?.value(forHTTPHeaderField: "X-Trace") == "7")
        #expect(await request.request?.url?.path == "/get")
    }

    @Test(arguments: ["/redirect/3", "/relative-redirect/3", "/absolute-redirect/3"])
    func chainsOfRedirectsAreFollowed(path: String) async throws {
        let start = try TestServer.httpbin(path)
        let response = await session.request(start).validate().serializing(HTTPBinEcho.self).response
        let echo = try #require(response.value, "got \(response.result)")
        #expect(echo.url.hasSuffix("/get"))
        #expect(response.response?.url?.path == "/get")
        #expect(response.request?.url?.path == "/get")
        #expect(start.hasSuffix(path))
    }

    @Test func postRedirectedWith303BecomesAGet() async throws {
        let target = TestServer.percentEncoded("/anything/after")
        let start = try TestServer.httpbin("/redirect-to?url=\(target)&status_code=303")
        let response = await session.request(start, method: .post, parameters: ["a": "1"])
            .validate().serializing(JSON.self).response
        let json = try #require(response.value, "got \(response.result)")
        #expect(json["method"] == "GET")
        #expect(json["url"].stringValue?.hasSuffix("/anything/after") == true)
        // The last request sent is the GET of the second hop, without the form body.
        #expect(response.request?.httpMethod == "GET")
        #expect(response.request?.httpBody == nil)
    }
}
