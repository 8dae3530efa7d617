import Foundation
import Testing
@testable import AsyncNet

@Suite("Large and endless bodies (fault server)", .timeLimit(.minutes(1)))
struct LargeAndEndlessBodyTests {
    let session = Session()

    /// Byte `index` of the fault server's /pattern body. It changes from byte to byte and from one 64 KiB block to
    /// the next, so a chunk that is lost, repeated or delivered out of order shows up as a wrong byte.
    static func patternByte(_ index: Int) -> UInt8 {
        UInt8((index * 7 + index / 65_536) % 251)
    }

    /// The first index where `data` differs from the pattern, or nil when every byte matches.
    static func firstPatternMismatch(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            for index in 0..<bytes.count where bytes[index] != patternByte(index) { return index }
            return nil
        }
    }

    @Test func thePatternDetectsMisplacedChunks() {
        // The check itself must catch what it is for: a chunk swapped with its neighbour, or one delivered twice.
        let whole = Data((0..<(4 * 65_536)).map(Self.patternByte))
        #expect(Self.firstPatternMismatch(in: whole) == nil)
        let chunks = stride(from: 0, to: whole.count, by: 65_536).map { whole[$0..<($0 + 65_536)] }
        let swapped = chunks[0] + chunks[2] + chunks[1] + chunks[3]
        #expect(Self.firstPatternMismatch(in: swapped) == 65_536)
        let repeated = chunks[0] + chunks[1] + chunks[1] + chunks[3]
        #expect(Self.firstPatternMismatch(in: repeated) == 2 * 65_536)
    }

    @Test(arguments: [1_000, 65_536, 65_537, 5 * 1024 * 1024 + 3])
    func bodiesArriveWholeAndInOrder(size: Int) async throws {
        // Above 64 KiB the buffer is sized from Content-Length and filled from many chunks.
        let url = try TestServer.fault("/pattern?n=\(size)")
        let response = await session.request(url).validate().serializingData().response
        let data = try #require(response.value)
        #expect(data.count == size)
        if let mismatch = Self.firstPatternMismatch(in: data) {
            Issue.record("byte \(mismatch) is \(data[data.startIndex + mismatch]), expected \(Self.patternByte(mismatch))")
        }
        #expect(response.response?.expectedContentLength == Int64(size))
    }

    @Test func deadlineStopsAnEndlessResponse() async throws {
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.fault("/endless"), timeout: .milliseconds(500))
            .serializingString().result
        #expect(result.failure?.isTimedOut == true, "got \(result)")
        // The deadline, not the end of the body, stopped it: /endless runs for 60 s. (A tight bound would flake
        // under Thread Sanitizer on two busy cores.)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(30), "took \(elapsed)")
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
