import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Response size limits and Session shutdown", .timeLimit(.minutes(1)))
struct LimitsAndShutdownTests {
    @Test func anEndlessBodyStopsAtTheLimit() async throws {
        let start = ContinuousClock.now
        let result = await Session(maxResponseSize: 200).request(try TestServer.fault("/endless"))
            .serializingData().result
        guard case .responseTooLarge(let limit) = result.failure else {
            Issue.record("expected responseTooLarge, got \(result)")
            return
        }
        #expect(limit == 200)
        #expect(ContinuousClock.now - start < .seconds(20), "stopped while receiving, not at the end")
    }

    @Test func aFastEndlessBodyStopsAtFiveMegabytes() async throws {
        let response = await Session(maxResponseSize: 5_000_000).request(try TestServer.fault("/endless-fast"))
            .serializingData().response
        guard case .responseTooLarge(5_000_000) = response.error else {
            Issue.record("expected responseTooLarge(5000000), got \(response.result)")
            return
        }
        #expect((response.data?.count ?? 0) <= 5_000_000, "nothing beyond the limit was buffered")
    }

    @Test func aGzipBombIsBoundedOnItsDecodedSize() async throws {
        let response = await Session(maxResponseSize: 5_000_000).request(try TestServer.fault("/gzip-bomb?mb=200"))
            .serializingData().response
        guard case .responseTooLarge(5_000_000) = response.error else {
            Issue.record("expected responseTooLarge(5000000), got \(response.result)")
            return
        }
        #expect((response.data?.count ?? 0) <= 5_000_000)
    }

    @Test func anAnnouncedLengthFailsBeforeTheBody() async throws {
        let request = Session().request(try TestServer.fault("/pattern?n=50000000")).limitResponseSize(to: 5_000_000)
        let response = await request.serializingData().response
        guard case .responseTooLarge(5_000_000) = response.error else {
            Issue.record("expected responseTooLarge(5000000), got \(response.result)")
            return
        }
        #expect((response.data?.count ?? 0) == 0, "nothing was buffered")
    }

    @Test func aRequestLimitOverridesTheSessionsAndAtCompletionStillEnforcesIt() async throws {
        let session = Session(maxResponseSize: 10, responseDelivery: .atCompletion)
        let fine = try await session.request(try TestServer.fault("/pattern?n=5000")).limitResponseSize(to: 10_000)
            .serializingData().value
        #expect(fine.count == 5000)
        let tooBig = await session.request(try TestServer.fault("/pattern?n=5000")).serializingData().result
        #expect(tooBig.failure.map { if case .responseTooLarge = $0 { true } else { false } } == true)
    }

    @Test func aDecodedBodyIsCountedNotTheCompressedOne() async throws {
        // httpbin's /gzip is small compressed and larger decoded; the limit applies to what the caller would hold.
        let plain = try await Session().request(try TestServer.httpbin("/gzip")).serializingData().value
        let result = await Session(maxResponseSize: plain.count - 1).request(try TestServer.httpbin("/gzip"))
            .serializingData().result
        #expect(result.failure.map { if case .responseTooLarge = $0 { true } else { false } } == true)
    }

    @Test func invalidateEndsAHundredRequestsPromptly() async throws {
        let session = Session()
        // The fault server (a thread per connection) holds the hundred slow heads; httpbin's 32 threads would be
        // tied up for every other test.
        let url = try TestServer.fault("/slow-head?delay=10")
        let requests = (0..<100).map { _ in session.request(url) }
        let waiting = requests.map { request in Task { await request.serializingData().result } }
        #expect(await eventually { await session.inFlightCount + session.registry.activeRequests.count >= 100 })
        let start = ContinuousClock.now
        await session.invalidate()
        for task in waiting {
            let result = await task.value
            #expect(result.failure.map { if case .sessionInvalidated = $0 { true } else { false } } == true)
        }
        #expect(ContinuousClock.now - start < .seconds(9))
        let late = await session.request(try TestServer.httpbin("/get")).serializingData().result
        #expect(late.failure.map { if case .sessionInvalidated = $0 { true } else { false } } == true)
    }

    @Test func aDroppedSessionFreesEverything() async throws {
        var session: Session? = Session()
        let weakSession = Weak(try #require(session))
        let weakURLSession = Weak(try #require(session?.urlSession))
        var request: DataRequest? = session?.request(try TestServer.httpbin("/get"))
        let weakRequest = Weak(try #require(request))
        _ = try await request?.validate().serializingData().value
        request = nil
        session = nil
        #expect(await eventually { weakRequest.object == nil && weakSession.object == nil },
                "a Session or request outlived its use")
        #expect(await eventually { weakURLSession.object == nil }, "the URLSession outlived its Session")
    }
}
