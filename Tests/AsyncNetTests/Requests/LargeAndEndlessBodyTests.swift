import Foundation
import Testing
@testable import AsyncNet

@Suite("Large and endless bodies (fault server)", .timeLimit(.minutes(1)))
struct LargeAndEndlessBodyTests {
    let session = Session()

    @Test(arguments: [65_537, 5 * 1024 * 1024])
    func largeBodiesArriveWholeInTheSizedBuffer(size: Int) async throws {
        // Above 64 KiB the buffer is sized from Content-Length and filled from many chunks.
        let response = await session.request(try TestServer.fault("/bytes?n=\(size)")).validate().serializingData().response
        let data = try #require(response.value)
        #expect(data.count == size)
        #expect(data.allSatisfy { $0 == UInt8(ascii: "a") })
        #expect(response.response?.expectedContentLength == Int64(size))
    }

    @Test func deadlineStopsAnEndlessResponse() async throws {
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.fault("/endless"), timeout: .milliseconds(500))
            .serializingString().result
        #expect(result.failure?.isTimedOut == true, "got \(result)")
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    @Test func cancellingAnEndlessResponseStopsIt() async throws {
        let request = session.request(try TestServer.fault("/endless"))
        let task = Task { await request.serializingData().result }
        #expect(await eventually { await request.httpResponse != nil }, "the endless response never started")
        task.cancel()
        #expect(await task.value.failure?.isExplicitlyCancelled == true)
        #expect(await eventually { await session.inFlightCount == 0 }, "the cancelled task still runs")
    }
}
