import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

/// A Session whose transport is a StubServer: everything above the transport is the real thing.
@Suite("StubServer behind a Session", .timeLimit(.minutes(1)))
struct StubSessionTests {
    struct User: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    @Test func theContractExample() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "https://api.example.com/user", respond: .json(["id": 1, "name": "Ada"], status: 200))
        let session = Session(stubs: stubs)
        let user = try await session.request("https://api.example.com/user").validate().serializing(User.self).value
        #expect(user == User(id: 1, name: "Ada"))
        #expect(await stubs.requests.count == 1)
    }

    @Test func requestsAreRecordedWithMethodHeadersAndBody() async throws {
        let stubs = StubServer()
        await stubs.on(.post, "https://api.example.com/users", body: .json(["id": 7, "name": "Grace"]),
                       respond: .json(User(id: 7, name: "Grace"), status: 201))
        let session = Session(baseURL: URL(string: "https://api.example.com"), stubs: stubs)
        let created = try await session.request("users", method: .post, parameters: User(id: 7, name: "Grace"),
                                                encoder: .json, headers: ["X-Trace": "1"])
            .validate(statusCode: [201]).serializing(User.self).value
        #expect(created.name == "Grace")
        let posted = try #require(await stubs.requests(to: "/users").first)
        #expect(posted.method == .post)
        #expect(posted.url.absoluteString == "https://api.example.com/users")
        #expect(posted.headers["x-trace"] == "1")
        #expect(posted.headers["Content-Type"]?.hasPrefix("application/json") == true)
        #expect(try posted.decode(User.self) == User(id: 7, name: "Grace"))
        #expect(try posted.json()["name"] == "Grace")
    }

    @Test func aBodyStreamIsRecordedWhole() async throws {
        let stubs = StubServer()
        let payload = Data((0..<100_000).map { UInt8($0 % 251) })
        await stubs.on(.put, "/upload", body: .data(payload), respond: .status(201))
        var request = URLRequest(url: try #require(URL(string: "https://x.example/upload")))
        request.httpMethod = "PUT"
        request.httpBodyStream = InputStream(data: payload)
        let response = await Session(stubs: stubs).request(request).validate(statusCode: [201]).serializingData()
            .response
        #expect(response.error == nil, "\(response.result)")
        #expect(await stubs.requests.first?.body == payload)
    }

    @Test func anUnmatchedRequestFailsNamingItAndListingTheStubs() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "https://api.example.com/user", respond: .json(["id": 1]))
        await stubs.on(.post, .path("/login"), respond: .status(204))
        let result = await Session(stubs: stubs).request("https://api.example.com/users?page=2").serializingData().result
        let error = try #require(result.failure)
        guard case .underlying(let underlying) = error, let unmatched = underlying as? StubServer.UnmatchedRequest else {
            Issue.record("expected an UnmatchedRequest, got \(error)")
            return
        }
        #expect(unmatched.request.url.absoluteString == "https://api.example.com/users?page=2")
        let text = error.localizedDescription
        #expect(text.contains("no stub matches GET https://api.example.com/users?page=2"), "\(text)")
        #expect(text.contains("stub #1: GET https://api.example.com/user"))
        #expect(text.contains("stub #2: POST path /login on any host"))
        #expect(await stubs.unmatchedRequests.count == 1)
    }

    @Test func transportFailuresAndResetsAreURLErrors() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "/offline", respond: .failure(URLError(.notConnectedToInternet)))
        await stubs.on(.get, "/reset", respond: .reset(afterBytes: 10))
        let session = Session(stubs: stubs)
        let offline = await session.request("https://x.example/offline").serializingData().result
        guard case .sessionTaskFailed(let error) = offline.failure else {
            Issue.record("expected sessionTaskFailed, got \(offline)")
            return
        }
        #expect(error.code == .notConnectedToInternet)
        let reset = await session.request("https://x.example/reset").serializingData().response
        guard case .sessionTaskFailed(let resetError) = reset.error else {
            Issue.record("expected sessionTaskFailed, got \(reset.result)")
            return
        }
        #expect(resetError.code == .networkConnectionLost)
        #expect(reset.response?.statusCode == 200, "the head arrived before the reset")
    }

    @Test func relativeRedirectsResolveAgainstTheRequestsURL() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "https://x.example/a/old", respond: .redirect(to: "new?x=1", status: 301))
        await stubs.on(.get, "https://x.example/a/new", query: ["x": "1"], respond: .string("moved here"))
        let response = await Session(stubs: stubs).request("https://x.example/a/old").validate().serializingString()
            .response
        #expect(response.value == "moved here", "\(response.result)")
        #expect(response.response?.url?.absoluteString == "https://x.example/a/new?x=1")
        #expect(await stubs.requests.map(\.url.path) == ["/a/old", "/a/new"])
    }

    @Test func sequencesDriveRetries() async throws {
        let stubs = StubServer()
        let flaky = await stubs.on(.get, "https://x.example/flaky",
                                   respond: .sequence([.status(503), .status(503), .json(["ok": true])]))
        let session = Session(interceptor: RetryPolicy(exponentialBackoffScale: 0.001, jitter: .none), stubs: stubs)
        let response = await session.request("https://x.example/flaky").validate().serializing(JSON.self).response
        #expect(response.value?["ok"] == true, "\(response.result)")
        #expect(response.retryCount == 2)
        #expect(await stubs.requests(answeredBy: flaky).count == 3)
    }

    @Test func closuresAnswerFromTheRequest() async throws {
        let stubs = StubServer()
        await stubs.on(.pathPrefix("/users/"), respond: .respond { request in
            guard let id = request.url?.lastPathComponent, let number = Int(id) else { return .status(400) }
            return .json(User(id: number, name: "user \(number)"))
        })
        let session = Session(stubs: stubs)
        for id in [3, 9] {
            let user = try await session.request("https://x.example/users/\(id)").validate().serializing(User.self).value
            #expect(user == User(id: id, name: "user \(id)"))
        }
        let bad = await session.request("https://x.example/users/me").validate().serializingData().result
        #expect(bad.failure?.responseCode == 400)
    }

    @Test func delaysAreCancellableAndCountAgainstTheDeadline() async throws {
        let stubs = StubServer()
        await stubs.on(.get, "/slow", respond: .string("late").delay(.seconds(30)))
        let session = Session(stubs: stubs)
        let start = ContinuousClock.now
        let timedOut = await session.request("https://x.example/slow", timeout: .milliseconds(100)).serializingData().result
        #expect(timedOut.failure?.isTimedOut == true, "\(timedOut)")
        let waiting = Task { await session.request("https://x.example/slow").serializingData().result }
        #expect(await eventually { await stubs.requests.count == 2 })
        waiting.cancel()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func chunkedBodiesArriveWholeAndSizeLimitsApplyWhileReceiving() async throws {
        let stubs = StubServer()
        let payload = Data((0..<10_000).map { UInt8($0 % 256) })
        await stubs.on(.get, "/chunks", respond: .data(payload).chunked(into: 1000, every: .milliseconds(2)))
        let session = Session(stubs: stubs)
        #expect(try await session.request("https://x.example/chunks").serializingData().value == payload)
        let limited = await session.request("https://x.example/chunks").limitResponseSize(to: 2500).serializingData().result
        guard case .responseTooLarge(2500) = limited.failure else {
            Issue.record("expected responseTooLarge(2500), got \(limited)")
            return
        }
    }

    @Test func emptyStatusesAndHeadRequestsSerializeToEmptyValues() async throws {
        let stubs = StubServer()
        await stubs.on(.delete, "/item", respond: .status(204))
        await stubs.on(.head, "/item", respond: .json(["big": "body"]))
        let session = Session(stubs: stubs)
        #expect(try await session.request("https://x.example/item", method: .delete).validate()
            .serializing(Empty.self).value == Empty.value)
        let head = await session.request("https://x.example/item", method: .head).validate().serializingData().response
        #expect(head.value == Data())
        #expect(head.response?.value(forHTTPHeaderField: "Content-Length") == "14")
    }
}
