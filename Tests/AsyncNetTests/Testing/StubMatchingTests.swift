import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// A request as a Session would hand it to the stub server.
func stubRequest(
    _ method: String = "GET", _ url: String, headers: [String: String] = [:], body: Data? = nil
) throws -> URLRequest {
    var request = URLRequest(url: try #require(URL(string: url)))
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    return request
}

extension StubPlan {
    /// The head of the plan, if it has one.
    var head: HTTPURLResponse? {
        for case .head(let response) in steps { return response }
        return nil
    }

    /// Every body chunk, joined.
    var body: Data {
        steps.reduce(into: Data()) { if case .body(let data) = $1 { $0.append(data) } }
    }

    /// The error the plan ends with.
    var failure: (any Error)? {
        if case .fail(let error)? = steps.last { return error }
        return nil
    }
}

@Suite("StubServer: matching", .timeLimit(.minutes(1)))
struct StubMatchingTests {
    @Test func exactURLsCompareSchemeAndHostWithoutCaseAndImplyDefaultPorts() throws {
        let matcher: URLMatcher = "https://API.example.com/user"
        for url in ["https://api.example.com/user", "HTTPS://api.example.com:443/user", "https://api.example.com/user?x=1",
                    "https://api.example.com/user#top"] {
            #expect(matcher.matches(try #require(URL(string: url))), "\(url)")
        }
        for url in ["http://api.example.com/user", "https://api.example.com:8443/user", "https://api.example.com/user/",
                    "https://api.example.com/User", "https://other.example.com/user"] {
            #expect(!matcher.matches(try #require(URL(string: url))), "\(url)")
        }
    }

    @Test func anExactURLWithAQueryNeedsTheSameItemsInAnyOrder() throws {
        let matcher = URLMatcher.url("https://x.example/search?q=swift&page=2")
        #expect(matcher.matches(try #require(URL(string: "https://x.example/search?page=2&q=swift"))))
        #expect(!matcher.matches(try #require(URL(string: "https://x.example/search?q=swift"))))
        #expect(!matcher.matches(try #require(URL(string: "https://x.example/search?q=swift&page=2&extra=1"))))
        #expect(!URLMatcher.url("not a url").matches(try #require(URL(string: "https://x.example/"))))
    }

    @Test func pathsPrefixesAndPredicates() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/users/a%20b?x=1"))
        #expect(URLMatcher.path("/users/a%20b").matches(url))
        #expect(URLMatcher.path("/users/a b").matches(url), "a decoded path matches too")
        #expect(("/users/a b" as URLMatcher).matches(url), "a literal starting with / is a path")
        #expect(!URLMatcher.path("/users").matches(url))
        #expect(URLMatcher.pathPrefix("/users/").matches(url))
        #expect(URLMatcher.prefix("http://127.0.0.1:8080/users").matches(url))
        #expect(!URLMatcher.prefix("http://127.0.0.1:8081/").matches(url))
        let port = URLMatcher.matching { url in url.port == 8080 }
        #expect(port.matches(url))
        #expect(URLMatcher.any.matches(url))
        #expect(URLMatcher.path("/").matches(try #require(URL(string: "https://x.example"))))
    }

    @Test func queryHeadersAndBodyMustAllMatch() throws {
        let matcher = RequestMatcher(.post, .path("/users"), query: ["v": "2"], headers: ["content-type": "application/json"],
                                     body: .json(["name": "Ada", "age": 36]))
        let body = Data(#"{ "age": 36.0, "name": "Ada" }"#.utf8)
        let good = try stubRequest("POST", "https://x.example/users?v=2&other=1",
                                   headers: ["Content-Type": "application/json"], body: body)
        #expect(matcher.matches(RecordedRequest(good)))
        let variants = [
            try stubRequest("PUT", "https://x.example/users?v=2", headers: ["Content-Type": "application/json"], body: body),
            try stubRequest("POST", "https://x.example/users?v=3", headers: ["Content-Type": "application/json"], body: body),
            try stubRequest("POST", "https://x.example/users", headers: ["Content-Type": "application/json"], body: body),
            try stubRequest("POST", "https://x.example/users?v=2", headers: ["Content-Type": "text/plain"], body: body),
            try stubRequest("POST", "https://x.example/users?v=2", body: body),
            try stubRequest("POST", "https://x.example/users?v=2", headers: ["Content-Type": "application/json"],
                            body: Data(#"{"name":"Ada"}"#.utf8)),
            try stubRequest("POST", "https://x.example/users?v=2", headers: ["Content-Type": "application/json"]),
        ]
        for request in variants {
            #expect(!matcher.matches(RecordedRequest(request)), "\(request.httpMethod ?? "") \(request)")
        }
    }

    @Test func bodyMatchers() throws {
        let text = RecordedRequest(try stubRequest("POST", "https://x.example/", body: Data("a=1".utf8)))
        #expect(BodyMatcher.string("a=1").matches(text.body))
        #expect(BodyMatcher.data(Data("a=1".utf8)).matches(text.body))
        #expect(!BodyMatcher.json(["a": 1]).matches(text.body), "not JSON")
        let threeBytes = BodyMatcher.matching { body in body?.count == 3 }
        #expect(threeBytes.matches(text.body))
        let none = RecordedRequest(try stubRequest("GET", "https://x.example/"))
        #expect(BodyMatcher.empty.matches(none.body))
        #expect(BodyMatcher.data(Data()).matches(none.body))
        #expect(!BodyMatcher.empty.matches(text.body))
    }

    @Test func aBodyStreamIsReadToTheEndAndRecorded() async throws {
        let payload = Data((0..<200_000).map { UInt8($0 % 251) })
        var request = try stubRequest("POST", "https://x.example/upload")
        request.httpBodyStream = InputStream(data: payload)
        let stubs = StubServer()
        await stubs.on(.post, "/upload", body: .data(payload), respond: .status(201))
        let plan = await stubs.plan(for: request)
        #expect(plan.head?.statusCode == 201)
        let recorded = try #require(await stubs.requests.first)
        #expect(recorded.body == payload)
        #expect(recorded.urlRequest.httpBody == payload)
        #expect(recorded.urlRequest.httpBodyStream == nil)
    }

    @Test func theLastAddedMatchingStubAnswers() async throws {
        let stubs = StubServer()
        let broad = await stubs.on(.pathPrefix("/"), respond: .status(404))
        let exact = await stubs.on(.get, "https://x.example/user", respond: .status(200))
        #expect(await stubs.plan(for: try stubRequest("GET", "https://x.example/user")).head?.statusCode == 200)
        #expect(await stubs.plan(for: try stubRequest("POST", "https://x.example/user")).head?.statusCode == 404)
        await stubs.remove(exact)
        #expect(await stubs.plan(for: try stubRequest("GET", "https://x.example/user")).head?.statusCode == 404)
        #expect(await stubs.requests(answeredBy: broad).count == 2)
        #expect(await stubs.requests(answeredBy: exact).count == 1)
        #expect(await stubs.requests(to: "/user").count == 3)
        #expect(await stubs.requests(matching: RequestMatcher(.post)).count == 1)
        await stubs.removeAll()
        #expect(await stubs.stubCount == 0)
        #expect(await stubs.plan(for: try stubRequest("GET", "https://x.example/user")).failure is StubServer.UnmatchedRequest)
        #expect(await stubs.unmatchedRequests.count == 1)
        #expect(await stubs.requests.count == 4)
        await stubs.clearRequests()
        #expect(await stubs.requests.isEmpty)
    }

    @Test func anUnmatchedRequestNamesItselfAndListsEveryStub() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "https://api.example.com/user", respond: .json(["id": 1]))
        await stubs.on(.post, .path("/users"), headers: ["X-Key": "k"], body: .json(["name": "Ada"]), respond: .status(201))
        await stubs.on(.prefix("https://cdn.example.com/"), query: ["size": "large"], respond: .status(200))
        let plan = await stubs.plan(for: try stubRequest("DELETE", "https://api.example.com/users?page=2",
                                                         headers: ["X-Key": "k"], body: Data("gone".utf8)))
        let error = try #require(plan.failure as? StubServer.UnmatchedRequest)
        #expect(plan.steps.count == 1)
        let text = error.description
        #expect(text.contains("DELETE https://api.example.com/users?page=2"), "\(text)")
        #expect(text.contains("X-Key: k"))
        #expect(text.contains("4 bytes: gone"))
        #expect(text.contains("stub #1: GET https://api.example.com/user"))
        #expect(text.contains(#"stub #2: POST path /users on any host, headers X-Key: k, JSON body {"name":"Ada"}"#))
        #expect(text.contains("stub #3: any method URLs starting with https://cdn.example.com/, query size=large"))
        #expect(error.localizedDescription == text)
        #expect(AsyncNetError.wrapping(error).localizedDescription == text)
        let empty = await StubServer().plan(for: try stubRequest("GET", "https://x.example/"))
        #expect("\(try #require(empty.failure))".contains("No stubs are set."))
    }
}
