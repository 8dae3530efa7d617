import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("StubServer: plans", .timeLimit(.minutes(1)))
struct StubPlanTests {
    struct Item: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    /// The plan `response` gives for `GET url` (or another method).
    func plan(_ response: StubResponse, _ method: String = "GET", url: String = "https://x.example/a/b?q=1") async throws
        -> StubPlan {
        let stubs = StubServer()
        await stubs.on(.any, respond: response)
        return await stubs.plan(for: try stubRequest(method, url))
    }

    @Test func buildersSetContentTypeAndLengthAndTheHeadHasTheRequestsURL() async throws {
        let cases: [(StubResponse, String?, Data)] = [
            (.json(["id": 1, "tags": ["a"]]), "application/json", Data(#"{"id":1,"tags":["a"]}"#.utf8)),
            (.json(Item(id: 2, name: "b")), "application/json", Data(#"{"id":2,"name":"b"}"#.utf8)),
            (.string("héllo"), "text/plain; charset=utf-8", Data("héllo".utf8)),
            (.data(Data([1, 2, 3])), "application/octet-stream", Data([1, 2, 3])),
            (.data(Data([1]), contentType: nil), nil, Data([1])),
            (.string("<p>", contentType: "text/html"), "text/html", Data("<p>".utf8)),
            (.status(202), nil, Data()),
        ]
        for (response, contentType, body) in cases {
            let plan = try await plan(response)
            let head = try #require(plan.head)
            #expect(head.url?.absoluteString == "https://x.example/a/b?q=1")
            #expect(head.statusCode == (contentType == nil && body.isEmpty ? 202 : 200))
            #expect(head.value(forHTTPHeaderField: "Content-Type") == contentType)
            #expect(head.value(forHTTPHeaderField: "Content-Length") == "\(body.count)")
            #expect(plan.body == body)
            #expect(plan.failure == nil)
        }
    }

    @Test func headersWinOverDefaultsAndNoContentStatusesGetNoLength() async throws {
        let custom = try await plan(.json([1], status: 201, headers: ["content-type": "application/vnd.x+json", "X-A": "1",
                                                                      "Content-Length": "99"]))
        #expect(custom.head?.statusCode == 201)
        #expect(custom.head?.value(forHTTPHeaderField: "Content-Type") == "application/vnd.x+json")
        #expect(custom.head?.value(forHTTPHeaderField: "X-A") == "1")
        #expect(custom.head?.value(forHTTPHeaderField: "Content-Length") == "99", "a lying length is kept")
        let noContent = try await plan(.string("ignored", status: 204))
        #expect(noContent.head?.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(noContent.body.isEmpty)
        let head = try await plan(.string("hello"), "HEAD")
        #expect(head.head?.value(forHTTPHeaderField: "Content-Length") == "5", "the head describes the GET body")
        #expect(head.body.isEmpty)
        let redirect = try await plan(.redirect(to: "/dir/", status: 301))
        #expect(redirect.head?.statusCode == 301)
        #expect(redirect.head?.value(forHTTPHeaderField: "Location") == "/dir/")
    }

    @Test func delaysChunksAndResets() async throws {
        let delayed = try await plan(.string("x").delay(.milliseconds(30)).delay(.milliseconds(20)))
        guard case .wait(let wait) = delayed.steps.first else {
            Issue.record("expected a wait first: \(delayed.steps)")
            return
        }
        #expect(wait == .milliseconds(50))
        let chunked = try await plan(.string("abcdefg").chunked(into: 3, every: .milliseconds(5)))
        #expect(chunked.head?.value(forHTTPHeaderField: "Transfer-Encoding") == "chunked")
        #expect(chunked.head?.value(forHTTPHeaderField: "Content-Length") == nil)
        let shapes = chunked.steps.map { step -> String in
            switch step {
            case .wait(let duration): return "wait \(duration)"
            case .head: return "head"
            case .body(let data): return String(decoding: data, as: UTF8.self)
            case .fail: return "fail"
            }
        }
        #expect(shapes == ["head", "abc", "wait 0.005 seconds", "def", "wait 0.005 seconds", "g"])
        let reset = try await plan(.reset(afterBytes: 10))
        #expect(reset.head?.value(forHTTPHeaderField: "Content-Length") == "1010")
        #expect(reset.body == Data("0123456789".utf8))
        #expect((reset.failure as? URLError)?.code == .networkConnectionLost)
        let cut = try await plan(.json(["a": 1]).reset(afterBytes: 100))
        #expect(cut.body == Data(#"{"a":1}"#.utf8), "fewer bytes than the limit: all of them, then the reset")
        #expect((cut.failure as? URLError)?.code == .networkConnectionLost)
        let failure = try await plan(.failure(URLError(.notConnectedToInternet)).delay(.milliseconds(1)))
        #expect(failure.steps.count == 2)
        #expect(failure.head == nil)
        #expect((failure.failure as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func sequencesAnswerInOrderAndRepeatTheLast() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "/s", respond: .sequence([.status(503), .status(502).delay(.seconds(1)), .json(["ok": true])]))
        await stubs.on(.get, "/empty", respond: .sequence([]))
        var codes: [Int] = []
        for _ in 0..<5 {
            codes.append(await stubs.plan(for: try stubRequest("GET", "https://x.example/s")).head?.statusCode ?? 0)
        }
        #expect(codes == [503, 502, 200, 200, 200])
        let empty = await stubs.plan(for: try stubRequest("GET", "https://x.example/empty"))
        #expect("\(try #require(empty.failure as? StubServer.InvalidStub))".contains("empty sequence"))
    }

    @Test func closuresSeeTheRequestAndTheirErrorsFailIt() async throws {
        struct Refused: Error {}
        let stubs = StubServer()
        await stubs.on(.post, "/echo", respond: .respond { request in
            .string(String(decoding: request.httpBody ?? Data(), as: UTF8.self), status: 201)
        }.delay(.milliseconds(5)))
        await stubs.on(.get, "/refuse", respond: .respond { _ in throw Refused() })
        let echo = await stubs.plan(for: try stubRequest("POST", "https://x.example/echo", body: Data("hi".utf8)))
        #expect(echo.head?.statusCode == 201)
        #expect(echo.body == Data("hi".utf8))
        guard case .wait(.milliseconds(5)) = echo.steps.first else {
            Issue.record("the closure's delay applies: \(echo.steps)")
            return
        }
        #expect(await stubs.plan(for: try stubRequest("GET", "https://x.example/refuse")).failure is Refused)
    }

    @Test func filesAreReadWhenTheStubAnswers() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stub-\(UUID().uuidString).json")
        let response = StubResponse.file(file)
        let missing = try await plan(response)
        let error = try #require(missing.failure as? StubServer.InvalidStub)
        #expect(error.description.contains(file.path), "\(error)")
        #expect(missing.head == nil)
        try Data(#"{"from":"file"}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let found = try await plan(response)
        #expect(found.head?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(found.head?.value(forHTTPHeaderField: "Content-Length") == "15")
        #expect(found.body == Data(#"{"from":"file"}"#.utf8))
    }

    @Test func aValueThatDoesNotEncodeFailsClearly() async throws {
        let plan = try await plan(.json(["x": Double.nan]))
        let error = try #require(plan.failure as? StubServer.InvalidStub)
        #expect(error.description.contains("could not be encoded as JSON"), "\(error)")
    }
}
