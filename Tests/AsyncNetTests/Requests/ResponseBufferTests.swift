import Foundation
import Testing
@testable import AsyncNet

@Suite("Response buffer", .timeLimit(.minutes(1)))
struct ResponseBufferTests {
    let session = Session()

    /// A `Content-Length` of 1 GiB with 10 bytes behind it used to reserve 1 GiB per response (a crash under a
    /// memory limit; 6.9 GB of address space for 8 such responses).
    @Test func aLyingContentLengthReservesABoundedAmount() {
        #expect(ResponseBody.reservation(forExpectedLength: 1 << 30) <= 1 << 20)
        #expect(ResponseBody.reservation(forExpectedLength: Int64.max) <= 1 << 20)
        #expect(ResponseBody.reservation(forExpectedLength: -1) == 0)
        #expect(ResponseBody.reservation(forExpectedLength: 100) == 0)
    }

    @Test func lyingContentLengthFailsCleanly() async throws {
        let url = try TestServer.fault("/lying-length?declared=1073741824&actual=10")
        let failures = await withTaskGroup(of: AsyncNetError?.self) { group in
            for _ in 0..<8 {
                group.addTask { await session.request(url).serializingData().result.failure }
            }
            return await group.reduce(into: [AsyncNetError?]()) { $0.append($1) }
        }
        #expect(failures.count == 8)
        #expect(failures.allSatisfy { $0?.underlyingError is URLError }, "the body is cut short: \(failures)")
    }

    @Test func aBodyGrowsPastItsReservationIntact() async throws {
        let size = 3 * 1_048_576 + 17
        let data = try await session.request(try TestServer.fault("/pattern?n=\(size)")).serializingData().value
        #expect(data.count == size)
        let mismatch = data.indices.first { data[$0] != UInt8((($0 * 7) + $0 / 65536) % 251) }
        #expect(mismatch == nil)
    }
}
