import Foundation
import Testing
@testable import AsyncNet

/// The same behaviour on both delivery paths: as it arrives (delegate events) and at completion (URLSession's
/// completion handler).
@Suite("Response delivery: incremental and at completion", .timeLimit(.minutes(1)))
struct ResponseDeliveryTests {
    static let deliveries: [ResponseDelivery] = [.incremental, .atCompletion]

    @Test(arguments: deliveries)
    func decodesAndMeasures(delivery: ResponseDelivery) async throws {
        let session = Session(configuration: .asyncNetService, responseDelivery: delivery)
        let response = await session.request(try TestServer.httpbin("/get?a=1")).validate()
            .serializing(HTTPBinEcho.self).response
        #expect(try response.result.get().args == ["a": "1"])
        let metrics = try #require(response.metrics)
        #expect((metrics.timeToFirstByte != nil) == (delivery == .incremental))
        #expect(metrics.transferDuration > .zero)
    }

    @Test(arguments: deliveries)
    func rejectedStatusKeepsTheErrorBody(delivery: ResponseDelivery) async throws {
        let response = await Session(responseDelivery: delivery).request(try TestServer.httpbin("/status/418"))
            .validate().serializingData().response
        #expect(response.error?.responseCode == 418)
        #expect(String(decoding: response.data ?? Data(), as: UTF8.self).contains("teapot"))
    }

    @Test(arguments: deliveries)
    func unansweredChallengeReturnsThe401(delivery: ResponseDelivery) async throws {
        let session = Session(responseDelivery: delivery)
        let refused = await session.request(try TestServer.httpbin("/basic-auth/u/p")).serializingData().response
        #expect(refused.response?.statusCode == 401)
        #expect(refused.error == nil)
        let accepted = try await session.request(try TestServer.httpbin("/basic-auth/u/p"))
            .authenticate(username: "u", password: "p").validate().serializing(JSON.self).value
        #expect(accepted["authenticated"] == true)
    }

    @Test(arguments: deliveries)
    func credentialsStayWithTheirOrigin(delivery: ResponseDelivery) async throws {
        let port = try #require(try TestServer.httpbinURL().port)
        let json = try await Session(responseDelivery: delivery)
            .request(try TestServer.httpbin("/redirect-to?url=http://localhost:\(port)/headers"))
            .authenticate(username: "u", password: "p")
            .serializing(JSON.self).value
        #expect(json["headers"]["Host"] == .string("localhost:\(port)"))
        #expect(json["headers"]["Authorization"] == .null)
    }

    @Test(arguments: deliveries)
    func cancellationAndDeadline(delivery: ResponseDelivery) async throws {
        let session = Session(responseDelivery: delivery)
        let request = session.request(try TestServer.fault("/slow-head?delay=10"))
        let waiting = Task { await request.serializingData().result }
        #expect(await eventually { await request.hasCreatedTask })
        waiting.cancel()
        #expect(await waiting.value.failure?.isExplicitlyCancelled == true)
        #expect(await eventually { await session.inFlightCount == 0 }, "the task was cancelled and completed")

        let late = await session.request(try TestServer.fault("/slow-head?delay=10"), timeout: .milliseconds(300))
            .serializingData().result
        #expect(late.failure?.isTimedOut == true)
    }

    @Test(arguments: deliveries)
    func emptyBodiesAndTruncation(delivery: ResponseDelivery) async throws {
        let session = Session(responseDelivery: delivery)
        #expect(try await session.request(try TestServer.httpbin("/status/204")).validate()
            .serializing(Empty.self).value == Empty.value)
        let truncated = await session.request(try TestServer.fault("/truncated")).serializingData().result
        #expect(truncated.failure?.underlyingError is URLError)
    }

    @Test(arguments: deliveries)
    func queueLimitHolds(delivery: ResponseDelivery) async throws {
        let session = Session(maxConcurrentRequests: 2, responseDelivery: delivery)
        let url = try TestServer.httpbin("/get")
        let count = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await session.request(url).validate().serializingData().value.count }
            }
            return try await group.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        }
        #expect(count == 20)
    }
}
