import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("DataTask", .timeLimit(.minutes(1)))
struct DataTaskTests {
    let session = Session()

    @Test func cancelStopsTheRunningRequestForEverySerializer() async throws {
        let request = session.request(try TestServer.fault("/slow-head?delay=10"))
        let dataTask = request.serializingData()
        let other = request.serializing(JSON.self)
        let waiting = Task { await dataTask.result }
        let alsoWaiting = Task { await other.result }
        #expect(await eventually { await session.inFlightCount == 1 }, "the request never started")
        let start = ContinuousClock.now
        await dataTask.cancel()
        let result = await waiting.value
        #expect(result.failure?.isExplicitlyCancelled == true, "got \(result)")
        // The server answers after 10 s: the cancellation ended the wait, for both serializers.
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(await alsoWaiting.value.failure?.isExplicitlyCancelled == true)
        #expect(await request.state == .cancelled)
        // A serializer added afterwards gets the same answer, and the URLSession task is gone.
        #expect(await request.serializingString().result.failure?.isExplicitlyCancelled == true)
        #expect(await eventually { await session.inFlightCount == 0 }, "the URLSession task still runs")
    }

    @Test func cancelBeforeAwaitingMeansNothingIsSent() async throws {
        let request = session.request(try TestServer.httpbin("/get"))
        let dataTask = request.serializingData()
        await dataTask.cancel()
        let response = await dataTask.response
        #expect(response.error?.isExplicitlyCancelled == true, "got \(response.result)")
        #expect(response.response == nil)
        #expect(await request.hasCreatedTask == false)
    }
}
