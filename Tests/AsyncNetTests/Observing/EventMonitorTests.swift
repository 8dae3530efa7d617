import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records every event as a short line, in order.
actor EventRecorder: EventMonitor {
    private(set) var lines: [String] = []
    private(set) var outcomes: [RequestOutcome] = []

    func requestCreated(_ request: DataRequest) async { lines.append("created") }
    func request(_ request: DataRequest, didStartAttempt attempt: Int, with urlRequest: URLRequest) async {
        lines.append("attempt \(attempt) \(urlRequest.url?.path ?? "?")")
    }
    func request(_ request: DataRequest, didAdapt initial: URLRequest, to adapted: URLRequest) async {
        lines.append("adapted")
    }
    func request(_ request: DataRequest, didReceive response: HTTPURLResponse) async {
        lines.append("response \(response.statusCode)")
    }
    func request(_ request: DataRequest, willRetryAfter delay: Duration, dueTo error: AsyncNetError) async {
        lines.append("retry after \(delay)")
    }
    func requestCancelled(_ request: DataRequest) async { lines.append("cancelled") }
    func request(_ request: DataRequest, didFinishWith outcome: RequestOutcome) async {
        lines.append("finished " + (outcome.error.map { "\($0.responseCode ?? -1)" } ?? "ok"))
        outcomes.append(outcome)
    }

    /// Waits (generously) until the recorder saw `count` finish events.
    func waitForFinishes(_ count: Int) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while outcomes.count < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return outcomes.count >= count
    }
}

/// A monitor that takes its time: it must not slow the requests.
struct SlowMonitor: EventMonitor {
    func request(_ request: DataRequest, didReceive response: HTTPURLResponse) async {
        try? await Task.sleep(for: .seconds(5))
    }
}

@Suite("Event monitors", .timeLimit(.minutes(1)))
struct EventMonitorTests {
    @Test func successSequence() async throws {
        let recorder = EventRecorder()
        let session = Session(eventMonitors: [recorder])
        _ = try await session.request(try TestServer.httpbin("/get")).validate().serializingData().value
        #expect(await recorder.waitForFinishes(1))
        #expect(await recorder.lines == ["created", "attempt 1 /get", "response 200", "finished ok"])
        let outcome = try #require(await recorder.outcomes.first)
        #expect(outcome.bodyByteCount > 0)
        #expect(outcome.metrics != nil)
    }

    @Test func validationFailureSequence() async throws {
        let recorder = EventRecorder()
        let session = Session(eventMonitors: [recorder])
        _ = await session.request(try TestServer.httpbin("/status/404")).validate().serializingData().result
        #expect(await recorder.waitForFinishes(1))
        #expect(await recorder.lines == ["created", "attempt 1 /status/404", "response 404", "finished 404"])
    }

    @Test func retrySequence() async throws {
        let recorder = EventRecorder()
        let session = Session(eventMonitors: [recorder])
        let retrier = Retrier { snapshot, _, _ in snapshot.retryCount < 1 ? .retryAfter(.milliseconds(10)) : .doNotRetry }
        _ = await session.request(try TestServer.httpbin("/status/503"), interceptor: retrier)
            .validate().serializingData().result
        #expect(await recorder.waitForFinishes(1))
        #expect(await recorder.lines == [
            "created", "attempt 1 /status/503", "response 503", "retry after 0.01 seconds",
            "attempt 2 /status/503", "response 503", "finished 503",
        ])
    }

    @Test func redirectHopsAndAdaptation() async throws {
        let recorder = EventRecorder()
        let adapter = Adapter { request, _ in
            var request = request
            request.setValue("1", forHTTPHeaderField: "X-Adapted")
            return request
        }
        _ = try await Session(interceptor: adapter, eventMonitors: [recorder])
            .request(try TestServer.httpbin("/redirect-to?url=/get")).validate().serializingData().value
        #expect(await recorder.waitForFinishes(1))
        let lines = await recorder.lines
        #expect(lines == [
            "created", "adapted", "attempt 1 /redirect-to", "response 302", "attempt 2 /get", "response 200",
            "finished ok",
        ], "\(lines)")
    }

    @Test func cancellationSequence() async throws {
        let recorder = EventRecorder()
        let request = Session().request(try TestServer.fault("/slow-head?delay=10")).monitor(with: recorder)
        let waiting = Task { await request.serializingData().result }
        #expect(await eventually { await request.hasCreatedTask })
        await request.cancel()
        _ = await waiting.value
        #expect(await recorder.waitForFinishes(1))
        #expect(await recorder.lines == ["attempt 1 /slow-head", "cancelled", "finished -1"])
        #expect(await recorder.outcomes.first?.error?.isExplicitlyCancelled == true)
    }

    @Test func aSlowMonitorDoesNotSlowRequests() async throws {
        let session = Session(eventMonitors: [SlowMonitor()])
        let start = ContinuousClock.now
        for _ in 0..<3 { _ = try await session.request(try TestServer.httpbin("/get")).serializingData().value }
        // Blocked by the monitor, three requests would take 15 s or more; the bound leaves room for a loaded machine.
        #expect(ContinuousClock.now - start < .seconds(10), "three requests waited for a 5 s monitor callback")
    }
}

@Suite("cURL description of a request", .timeLimit(.minutes(1)))
struct CURLDescriptionTests {
    @Test func describesBeforeAndAfterSendingWithSecretsRedacted() async throws {
        let request = Session().request(try TestServer.httpbin("/anything"), method: .post,
                                        parameters: ["name": "Ada"] as JSON, encoder: .json,
                                        headers: [.authorization(bearerToken: "s3cret")])
        let before = await request.cURLDescription()
        #expect(before.hasPrefix("curl "))
        #expect(before.contains("Bearer <redacted>"))
        #expect(!before.contains("s3cret"))
        #expect(before.contains(#"{"name":"Ada"}"#))
        #expect(await request.hasCreatedTask == false, "describing sends nothing")
        _ = try await request.serializingData().value
        let after = await request.cURLDescription(redactingSecrets: false)
        #expect(after.contains("Bearer s3cret"))
        let credentialed = Session().request(try TestServer.httpbin("/get")).authenticate(username: "u", password: "p")
        #expect(await credentialed.cURLDescription().contains("Basic <redacted>"))
    }

    @Test func anUnbuildableRequestSaysWhy() async {
        let description = await Session().request("not a url at all").cURLDescription()
        #expect(description.hasPrefix("#"))
    }
}
