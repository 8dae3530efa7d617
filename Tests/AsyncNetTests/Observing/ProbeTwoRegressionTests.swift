import Foundation
import Testing
@testable import AsyncNet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Kept from the second probing review (observing, limits, stubs).
@Suite("Probe regressions: observing and stubs", .timeLimit(.minutes(1)))
struct ProbeTwoRegressionTests {
    @Test func aLargeBodyIsFedThroughStandardInput() async throws {
        var request = URLRequest(url: try #require(URL(string: "https://example.com/upload")))
        request.httpMethod = "POST"
        request.httpBody = Data(String(repeating: "a", count: 200_000).utf8)
        let command = CURLCommand.make(from: request)
        #expect(command.contains("--data-binary @-"))
        #expect(command.hasPrefix("printf"))
        #expect(command.count < 1_000_000)
    }

    @Test func redactsTokensInRedirectTargetsAndUserOnlyUserinfo() throws {
        #expect(Redaction.headerValue(name: "Location", value: "/next?token=T18") == "/next?token=<redacted>")
        let url = try #require(URL(string: "http://T15@example.com/x"))
        #expect(!Redaction.url(url).contains("T15"))
        let both = try #require(URL(string: "http://user:pw@example.com/x"))
        #expect(Redaction.url(both).contains("user:<redacted>@"))
    }

    @Test func stubURLsMayBeInterpolated() async throws {
        let stubs = StubServer()
        let base = "https://api.example.com"
        await stubs.on(.get, "\(base)/user", respond: .json(["id": 1] as JSON))
        let json = try await Session(stubs: stubs).request("\(base)/user").validate().serializing(JSON.self).value
        #expect(json["id"] == 1)
    }

    @Test func aStuckMonitorHoldsABoundedNumberOfEvents() {
        #expect(MonitorChannel.capacity <= 1_000)
    }
}
