import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import AsyncNet

@Suite("LoggingMonitor lines", .timeLimit(.minutes(1)))
struct LoggingMonitorTests {
    static func line(
        method: String? = "GET", url: String? = "https://api.example.com/users?token=abc", status: Int? = 200,
        error: AsyncNetError? = nil, bytes: Int? = 1532, milliseconds: Int? = 45, retries: Int = 0,
        redacting: Bool = true
    ) -> String {
        LoggingMonitor.finishLine(
            method: method, url: url.flatMap(URL.init(string:)), status: status, error: error, bodyByteCount: bytes,
            duration: milliseconds.map { .milliseconds($0) }, retries: retries, redactingSecrets: redacting)
    }

    @Test func success() {
        #expect(Self.line() == "GET https://api.example.com/users?token=<redacted> -> 200, 1532 B, 45 ms")
        #expect(Self.line(redacting: false) == "GET https://api.example.com/users?token=abc -> 200, 1532 B, 45 ms")
    }

    @Test func transportFailureWithRetries() {
        #expect(Self.line(method: "POST", url: "https://x/y", status: nil, error: .timedOut(after: .seconds(5)),
                          bytes: nil, milliseconds: nil, retries: 2)
            == "POST https://x/y -> failed: timed out after 5 s, 2 retries")
        #expect(Self.line(url: "https://x/y", status: nil, error: .sessionTaskFailed(URLError(.cannotConnectToHost)),
                          bytes: nil, milliseconds: 3, retries: 1)
            == "GET https://x/y -> failed: cannot connect to host, 3 ms, 1 retry")
    }

    @Test func statusWithError() {
        let rejected = AsyncNetError.responseValidationFailed(reason: .unacceptableStatusCode(code: 404))
        #expect(Self.line(url: "https://x/y", status: 404, error: rejected, bytes: 12, milliseconds: 30)
            == "GET https://x/y -> 404 (unacceptable status 404), 12 B, 30 ms")
        #expect(Self.line(url: "https://x/y", status: 500, bytes: 0, milliseconds: 1500)
            == "GET https://x/y -> 500, 0 B, 1500 ms")
        let decoding = AsyncNetError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
        #expect(Self.line(url: "https://x/y", status: 200, error: decoding, bytes: 0, milliseconds: 2)
            == "GET https://x/y -> 200 (empty body), 0 B, 2 ms")
    }

    @Test func cancellationAndNothingBuilt() {
        #expect(Self.line(url: "https://x/y", status: nil, error: .explicitlyCancelled, bytes: nil, milliseconds: 7)
            == "GET https://x/y -> cancelled, 7 ms")
        #expect(Self.line(method: nil, url: nil, status: nil, error: .invalidURL(url: "::", reason: "no scheme"),
                          bytes: nil, milliseconds: nil)
            == "? (no URL) -> failed: invalid URL")
    }

    @Test(arguments: [
        (200, nil, LoggingMonitor.Level.info), (304, nil, .info), (404, nil, .error), (503, nil, .error),
        (200, AsyncNetError.responseValidationFailed(reason: .missingContentType(acceptableContentTypes: [])), .error),
        (nil, .sessionTaskFailed(URLError(.networkConnectionLost)), .error),
        (nil, .timedOut(after: .seconds(1)), .error),
        (nil, .explicitlyCancelled, .warning), (200, .explicitlyCancelled, .warning),
    ] as [(Int?, AsyncNetError?, LoggingMonitor.Level)])
    func levels(status: Int?, error: AsyncNetError?, expected: LoggingMonitor.Level) {
        #expect(LoggingMonitor.finishLevel(status: status, error: error) == expected)
    }

    @Test func levelsAreOrdered() {
        #expect(LoggingMonitor.Level.allCases.sorted() == [.debug, .info, .warning, .error])
        #expect(LoggingMonitor.Level.debug < .info && LoggingMonitor.Level.warning < .error)
    }

    @Test(arguments: [
        (Duration.zero, Int64(0)), (.microseconds(499), 0), (.microseconds(500), 1), (.milliseconds(45), 45),
        (.seconds(2), 2000), (.milliseconds(-3), 0), (.seconds(Int64.max), Int64.max),
    ])
    func milliseconds(duration: Duration, expected: Int64) {
        #expect(LoggingMonitor.milliseconds(duration) == expected)
    }

    @Test func durationsInErrors() {
        #expect(AsyncNetError.text(.milliseconds(250)) == "250 ms")
        #expect(AsyncNetError.text(.seconds(5)) == "5 s")
        #expect(AsyncNetError.text(.milliseconds(1500)) == "1.5 s")
    }

    @Test func responseAndRetryLines() throws {
        let url = try #require(URL(string: "https://x/y?sig=abc"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: [
            "Content-Type": "application/json", "Set-Cookie": "id=1; Path=/",
        ]))
        #expect(LoggingMonitor.responseLine(response, redactingSecrets: true) == "response 201 https://x/y?sig=<redacted>"
            + "\n    Content-Type: application/json\n    Set-Cookie: id=<redacted>; Path=/")
        #expect(LoggingMonitor.retryLine(method: "PUT", url: url, delay: .milliseconds(250),
                                         error: .sessionTaskFailed(URLError(.networkConnectionLost)),
                                         redactingSecrets: true)
            == "retrying PUT https://x/y?sig=<redacted> in 250 ms after connection lost")
    }

    /// The monitor's verbose callbacks, fed directly: lines appear only when verbose and at `.debug`.
    @Test(arguments: [(true, LoggingMonitor.Level.debug, 2), (true, .info, 0), (false, .debug, 0)])
    func verboseLinesNeedTheDebugLevel(verbose: Bool, level: LoggingMonitor.Level, expected: Int) async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let monitor = LoggingMonitor(level: level, verbose: verbose) { lineLevel, line in
            #expect(lineLevel == .debug)
            continuation.yield(line)
        }
        let urlString = "https://x/y?token=t"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["User-Agent": "test/1"]
        let request = Session(configuration: configuration).request(urlString)
        let url = try #require(URL(string: urlString))
        var urlRequest = URLRequest(url: url)
        urlRequest.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        await monitor.request(request, didStartAttempt: 1, with: urlRequest)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 204, httpVersion: nil, headerFields: [:]))
        await monitor.request(request, didReceive: response)
        continuation.finish()
        var lines: [String] = []
        for await line in stream { lines.append(line) }
        #expect(lines.count == expected)
        if expected == 2 {
            #expect(lines[0] == "attempt 1: curl --compressed -H 'Authorization: Bearer <redacted>' "
                + "-H 'User-Agent: test/1' 'https://x/y?token=<redacted>'")
            #expect(lines[1] == "response 204 https://x/y?token=<redacted>")
        }
    }
}
