import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import AsyncNet

/// Fifty tests stub the same URL with fifty different answers, each on its own StubServer, and run in parallel
/// (Swift Testing's default): each sees only its own answer and its own requests.
@Suite("StubServer: one per test, in parallel", .timeLimit(.minutes(1)))
struct StubIsolationTests {
    static let url = "https://api.example.com/shared/resource"

    @Test(arguments: 0..<50)
    func eachTestGetsItsOwnAnswer(index: Int) async throws {
        let stubs = StubServer()
        let status = [200, 201, 202, 203, 206][index % 5]
        let delay = Duration.milliseconds((index * 7) % 20)
        await stubs.on(.get, .url(Self.url), query: ["n": "\(index)"],
                       respond: .json(["index": .number(.int(Int64(index))), "text": .string("answer \(index)")],
                                      status: status, headers: ["X-Index": "\(index)"]).delay(delay))
        let session = Session(stubs: stubs)
        for round in 0..<3 {
            let response = await session.request(Self.url + "?n=\(index)", headers: ["X-Round": "\(round)"])
                .validate().serializing(JSON.self).response
            let json = try #require(response.value, "\(response.result)")
            #expect(json["index"].intValue == index)
            #expect(json["text"] == .string("answer \(index)"))
            #expect(response.response?.statusCode == status)
            #expect(response.response?.value(forHTTPHeaderField: "X-Index") == "\(index)")
        }
        let requests = await stubs.requests
        #expect(requests.count == 3)
        #expect(requests.map { $0.headers["X-Round"] } == ["0", "1", "2"])
        #expect(requests.allSatisfy { $0.queryValue("n") == "\(index)" })
    }
}
