// The parent of `all`: spawns one child process per measurement, interleaves clients, prints the table.
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum Runner {
    static let inFlightLevels = [1, 16, 64]

    struct Options {
        let base: String
        let repetitions: Int
        let scale: Double
        let withCompletion: Bool

        var clients: [ClientKind] {
            [.asyncnet, .raw, .delegate] + (withCompletion ? [.asyncnetAtCompletion, .completion] : [])
        }
        /// Measured requests per child.
        var count: Int { max(100, Int((10_000 * scale).rounded())) }
        /// Warm-up requests per child (not measured): 500 at scale 1, at least two per worker.
        func warmUp(inFlight: Int) -> Int { max(20, 2 * inFlight, Int((500 * scale).rounded())) }
        var queuedCount: Int { max(640, Int((10_000 * scale).rounded())) }
        var memoryRepetitions: Int { max(3, repetitions) }
    }

    /// The configuration-row group: GET 100 B, 1 in flight, each client on its own configuration.
    static let configVariants: [(ClientKind, ConfigKind)] = [
        (.asyncnet, .service), (.raw, .urlsessionDefault), (.asyncnet, .asyncnetDefault),
        (.asyncnetAtCompletion, .service),
    ]

    static func key(_ scenario: Scenario, _ inFlight: Int, _ client: ClientKind) -> String {
        "\(scenario.rawValue)-\(inFlight)|\(client.rawValue)"
    }

    static func configKey(_ client: ClientKind, _ config: ConfigKind) -> String {
        "config|\(client.rawValue)|\(config.rawValue)"
    }

    static func all(_ options: Options) throws {
        printHeader(options)
        var results = Results()
        let total = options.repetitions
        for repetition in 0..<total {
            for scenario in Scenario.allCases {
                for inFlight in inFlightLevels {
                    for client in options.clients.rotated(by: repetition) {
                        let sample = try child([
                            "one", client.rawValue, scenario.rawValue, options.base, "\(inFlight)", "\(options.count)",
                            "\(options.warmUp(inFlight: inFlight))", ConfigKind.service.rawValue,
                        ])
                        results.add(key(scenario, inFlight, client), sample)
                        progress("rep \(repetition + 1)/\(total)  \(scenario.title), \(inFlight) in flight, "
                            + "\(client.title): \(describe(sample))")
                    }
                }
            }
            for (client, config) in configVariants.rotated(by: repetition) {
                let sample = try child([
                    "one", client.rawValue, Scenario.get.rawValue, options.base, "1", "\(options.count)",
                    "\(options.warmUp(inFlight: 1))", config.rawValue,
                ])
                results.add(configKey(client, config), sample)
                progress("rep \(repetition + 1)/\(total)  GET 100 B, 1 in flight, \(client.title) on \(config.title): "
                    + describe(sample))
            }
        }
        for repetition in 0..<options.memoryRepetitions {
            for client in options.clients.rotated(by: repetition) {
                let sample = try child(["big", client.rawValue, options.base, ConfigKind.service.rawValue])
                guard sample["bytes"] == Double(bigBodySize) else {
                    throw BenchFailure("\(client.title) received \(sample["bytes"] ?? 0) bytes, not \(bigBodySize)")
                }
                results.add("big|\(client.rawValue)", sample)
                progress("big \(repetition + 1)/\(options.memoryRepetitions)  \(client.title): "
                    + String(format: "%.0f MB/s, peak RSS %.0f MiB", sample["mbps"] ?? 0, (sample["rss"] ?? 0) / 1_048_576))
            }
        }
        for repetition in 0..<options.memoryRepetitions {
            let sample = try child(["queued", options.base, "\(options.queuedCount)", ConfigKind.service.rawValue])
            results.add("queued", sample)
            progress("queued \(repetition + 1)/\(options.memoryRepetitions): "
                + String(format: "%.2f s, peak RSS %.0f MiB, %.0f alive after", sample["seconds"] ?? 0,
                         (sample["rss"] ?? 0) / 1_048_576, sample["alive"] ?? 0))
        }
        print(ReportTable.render(results, options))
    }

    static func printHeader(_ options: Options) {
        let service = URLSessionConfiguration.asyncNetService
        let headers = (service.httpAdditionalHeaders?.keys.map { "\($0)" } ?? []).sorted().joined(separator: ", ")
        print("""
            AsyncNetBench: \(options.repetitions) interleaved repetition(s) (client order rotated each repetition); \
            every measurement in its own child process.
            Each child: warm-up of \(options.warmUp(inFlight: 1))-\(options.warmUp(inFlight: 64)) requests at the \
            same concurrency (not measured), then \(options.count) measured requests; in flight = that many workers \
            each running requests one after another.
            Configuration of every side in the main rows: URLSessionConfiguration.asyncNetService (ephemeral, \
            httpCookieAcceptPolicy .never, httpShouldSetCookies false, httpCookieStorage nil, urlCache nil, \
            reloadIgnoringLocalCacheData, default connection limits: httpMaximumConnectionsPerHost \
            \(service.httpMaximumConnectionsPerHost); additional headers: \(headers)). Each client has its own session.
            AsyncNet: session.request(url).validate().serializingData().value / .serializing([User].self).value. \
            Raw clients check the status is 2xx and decode with a new JSONDecoder, as AsyncNet does.

            """)
    }

    /// Runs this executable with `arguments` and reads the `key=value` pairs it prints.
    static func child(_ arguments: [String]) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath())
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ASYNCNET_BENCH_CHILD"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchFailure("child \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(output)")
        }
        let values = parseReport(output)
        guard !values.isEmpty else { throw BenchFailure("child \(arguments) printed no results: \(output)") }
        return values
    }

    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func describe(_ sample: [String: Double]) -> String {
        String(format: "%.0f req/s, %.0f us CPU/req, %.1f + %.1f switches/req", sample["rps"] ?? 0,
               sample["cpu_us"] ?? 0, sample["nvcsw"] ?? 0, sample["nivcsw"] ?? 0)
    }

    static func progress(_ line: String) {
        FileHandle.standardError.write(Data(("  " + line + "\n").utf8))
    }
}

extension Array {
    /// The array rotated left by `count` places: the first element of repetition r is element r mod count.
    func rotated(by count: Int) -> [Element] {
        guard !isEmpty else { return self }
        let shift = count % self.count
        return Array(self[shift...] + self[..<shift])
    }
}
