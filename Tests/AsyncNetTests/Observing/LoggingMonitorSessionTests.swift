import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

/// LoggingMonitor on a real Session: the lines it writes for requests to httpbin.
@Suite("LoggingMonitor on a Session", .timeLimit(.minutes(1)))
struct LoggingMonitorSessionTests {
    typealias Entry = (level: LoggingMonitor.Level, line: String)

    /// A verbose debug monitor whose lines arrive on a stream, and its Session.
    static func logged() -> (Session, AsyncStream<Entry>) {
        let (lines, continuation) = AsyncStream.makeStream(of: Entry.self)
        let monitor = LoggingMonitor(level: .debug, verbose: true) { continuation.yield(($0, $1)) }
        return (Session(eventMonitors: [monitor]), lines)
    }

    /// The lines up to and including the finish line (the one with ` -> `).
    static func untilFinished(_ lines: AsyncStream<Entry>) async -> [Entry] {
        var received: [Entry] = []
        for await entry in lines {
            received.append(entry)
            if entry.line.contains(" -> ") { break }
        }
        return received
    }

    @Test func aSuccessIsOneInfoLineAfterTheVerboseOnes() async throws {
        let (session, lines) = Self.logged()
        let url = try TestServer.httpbin("/anything?token=abc&page=2")
        _ = try await session.request(url, headers: ["Authorization": "Bearer abc"])
            .validate().serializing(JSON.self).value
        let received = await Self.untilFinished(lines)
        let redactedURL = url.replacingOccurrences(of: "token=abc", with: "token=<redacted>")

        try #require(received.count == 3, "\(received)")
        #expect(received[0].level == .debug)
        #expect(received[0].line.hasPrefix("attempt 1: curl --compressed -H 'Accept-Encoding: "))
        #expect(received[0].line.contains("-H 'Authorization: Bearer <redacted>'"))
        #expect(received[0].line.hasSuffix(" '\(redactedURL)'"))
        #expect(received[1].level == .debug)
        #expect(received[1].line.hasPrefix("response 200 \(redactedURL)\n    "))
        #expect(received[1].line.contains("\n    Content-Type: application/json\n"))
        #expect(received[2].level == .info)
        let finish = received[2].line
        #expect(finish.hasPrefix("GET \(redactedURL) -> 200, "), "\(finish)")
        #expect(finish.hasSuffix(" ms"), "\(finish)")
        #expect(!received.contains { $0.line.contains("abc") })
    }

    @Test func aRetriedFailureIsAnErrorLineWithItsRetries() async throws {
        let (session, lines) = Self.logged()
        let url = try TestServer.httpbin("/status/503")
        let retrier = Retrier { snapshot, _, _ in snapshot.retryCount < 1 ? .retryAfter(.milliseconds(10)) : .doNotRetry }
        let result = await session.request(url, interceptor: retrier).validate().serializingData().result
        #expect(result.failure?.responseCode == 503)
        let received = await Self.untilFinished(lines)

        #expect(received.map(\.line).filter { $0.hasPrefix("attempt ") }.count == 2)
        #expect(received.contains { $0.line == "retrying GET \(url) in 10 ms after unacceptable status 503" })
        let finish = try #require(received.last)
        #expect(finish.level == .error)
        #expect(finish.line.hasPrefix("GET \(url) -> 503 (unacceptable status 503), 0 B, "), "\(finish.line)")
        #expect(finish.line.hasSuffix(" ms, 1 retry"), "\(finish.line)")
    }

    @Test func onlyTheFinishLineAtTheDefaultLevel() async throws {
        let (lines, continuation) = AsyncStream.makeStream(of: Entry.self)
        let session = Session(eventMonitors: [LoggingMonitor(verbose: true) { continuation.yield(($0, $1)) }])
        let url = try TestServer.httpbin("/status/404")
        _ = await session.request(url).serializingData().result
        let received = await Self.untilFinished(lines)
        try #require(received.count == 1, "\(received)")
        #expect(received[0].level == .error)
        #expect(received[0].line.hasPrefix("GET \(url) -> 404, 0 B, "))
    }
}
