import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// README: "Status-code and content-type checks run as soon as the response head arrives; closures run once the
/// body is in." A response rejected by its head is an answer already: the caller does not wait for its body.
@Suite("Validation of the response head", .timeLimit(.minutes(1)))
struct HeadValidationTests {
    let session = Session()

    @Test func aRejectedStatusEndsTheRequestWithoutWaitingForTheBody() async throws {
        // A 500 whose body drips for 20 s.
        let start = ContinuousClock.now
        let response = await session.request(try TestServer.fault("/drip?seconds=20&status=500"))
            .validate().serializingData().response
        let elapsed = ContinuousClock.now - start
        #expect(response.error?.responseCode == 500, "got \(response.result)")
        #expect(elapsed < .seconds(10), "the rejected response's body was awaited to its end (\(elapsed))")
        #expect(await eventually { await session.inFlightCount == 0 }, "the rejected transfer still runs")
    }

    @Test func aRejectedContentTypeEndsTheRequestWithoutWaitingForTheBody() async throws {
        let start = ContinuousClock.now
        let result = await session.request(try TestServer.fault("/drip?seconds=20&ct=text/html"))
            .validate(contentType: ["application/json"]).serializingData().result
        let elapsed = ContinuousClock.now - start
        guard case .failure(.responseValidationFailed(reason: .unacceptableContentType)) = result else {
            Issue.record("expected unacceptableContentType, got \(result)")
            return
        }
        #expect(elapsed < .seconds(10), "the rejected response's body was awaited to its end (\(elapsed))")
        #expect(await eventually { await session.inFlightCount == 0 }, "the rejected transfer still runs")
    }

    @Test func aClosureValidatorWaitsForTheWholeBody() async throws {
        struct SawPartialBody: Error { let count: Int }
        // About ten bytes over a second, one per chunk: the closure must see them all, not the first chunk.
        let result = await session.request(try TestServer.fault("/drip?seconds=1"))
            .validate { _, _, data in
                let count = data?.count ?? 0
                guard count >= 9 else { throw SawPartialBody(count: count) }
            }
            .serializingData().result
        #expect(result.failure == nil, "got \(result)")
        #expect((result.value?.count ?? 0) >= 9)
    }
}
