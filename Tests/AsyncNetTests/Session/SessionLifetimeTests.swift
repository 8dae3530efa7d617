import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// A Session lives as long as its requests need it: dropping the last reference while requests run (or wait for a
/// slot) neither crashes nor strands the callers, and the Session is freed once they are done.
@Suite("Session lifetime", .timeLimit(.minutes(1)))
struct SessionLifetimeTests {
    @Test func aSessionReleasedWithRequestsInFlightAnswersThemAndIsFreed() async throws {
        var session: Session? = Session(maxConcurrentRequests: 1)
        let ref = Weak(try #require(session))
        var tasks: [Task<Result<JSON, AsyncNetError>, Never>] = []
        for index in 0..<2 {
            let request = try #require(session).request(try TestServer.httpbin("/delay/1?i=\(index)"))
            tasks.append(Task { await request.validate().serializing(JSON.self).result })
        }
        // One runs, the other waits for the slot.
        #expect(await eventually { await ref.object?.inFlightCount == 1 })
        session = nil

        for (index, task) in tasks.enumerated() {
            let result = await task.value
            #expect(result.value?["args"]["i"] == JSON(stringLiteral: String(index)), "got \(result)")
        }
        tasks = []
        #expect(await eventually { ref.object == nil }, "the Session outlived its requests")
    }

    @Test func aTemporarySessionServesItsOneRequest() async throws {
        let json = try await Session().request(try TestServer.httpbin("/get?once=1")).validate()
            .serializing(JSON.self).value
        #expect(json["args"]["once"] == "1")
    }
}

extension Result {
    var value: Success? { try? get() }
}
