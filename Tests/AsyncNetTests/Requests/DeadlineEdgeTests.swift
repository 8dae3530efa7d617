import Foundation
import Testing
@testable import AsyncNet

@Suite("Deadline edges", .timeLimit(.minutes(1)))
struct DeadlineEdgeTests {
    @Test(arguments: [Duration.seconds(Int64.max), .nanoseconds(Int64.max), .seconds(Int64.max) + .seconds(1)])
    func hugeTimeoutsMeanNoDeadline(timeout: Duration) async throws {
        let session = Session(timeout: timeout)
        #expect(session.defaultTimeout == nil)
        let data = try await session.request(try TestServer.httpbin("/get")).serializingData().value
        #expect(!data.isEmpty)
        let again = try await Session().request(try TestServer.httpbin("/get"), timeout: timeout).serializingData().value
        #expect(!again.isEmpty)
    }

    @Test func negativeTimeoutExpiresAtOnce() async throws {
        let result = await Session().request(try TestServer.httpbin("/delay/3"), timeout: .seconds(-1))
            .serializingData().result
        #expect(result.failure?.isTimedOut == true)
    }

    @Test func suspendedBeforeStartStillHonoursItsTimeout() async throws {
        let request = Session().request(try TestServer.httpbin("/get"), timeout: .milliseconds(300))
        await request.suspend()
        let result = await request.serializingData().result
        #expect(result.failure?.isTimedOut == true)
        #expect(await request.hasCreatedTask == false)
    }

    @Test func normalization() {
        #expect(Deadline.normalized(nil) == nil)
        #expect(Deadline.normalized(.seconds(5)) == .seconds(5))
        #expect(Deadline.normalized(.seconds(-5)) == .zero)
        #expect(Deadline.normalized(Deadline.unlimited) == nil)
    }
}
