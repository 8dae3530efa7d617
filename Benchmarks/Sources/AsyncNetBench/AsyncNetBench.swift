// AsyncNet vs raw URLSession, measured in the same run, interleaved, medians of several repetitions.
//
//   AsyncNetBench all <base URL>            # the whole table (spawns itself for the memory scenarios)
//   AsyncNetBench big <asyncnet|raw> <url>  # one 200 MiB body in this process; prints MB/s and peak RSS
//   AsyncNetBench queued <url>              # 10,000 requests at once through maxConcurrentRequests: 64
//   AsyncNetBench loop <asyncnet|raw> <url> <n>   # n sequential requests (for callgrind)
//
// Both sides use the same URLSessionConfiguration (.asyncNetDefault), so they send the same headers.
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct User: Decodable, Sendable {
    let id: Int
    let name: String
    let email: String
    let active: Bool
    let score: Double
}

@main
struct AsyncNetBench {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "all" where arguments.count >= 2:
                try await all(base: arguments[1], repetitions: Int(arguments.dropFirst(2).first ?? "") ?? 5)
            case "big" where arguments.count == 3:
                try await big(side: arguments[1], url: arguments[2])
            case "queued" where arguments.count == 2:
                try await queued(url: arguments[1])
            case "modes" where arguments.count >= 2:
                try await modes(base: arguments[1], repetitions: Int(arguments.dropFirst(2).first ?? "") ?? 3)
            case "loop" where arguments.count == 4:
                try await loop(side: arguments[1], url: arguments[2], count: Int(arguments[3]) ?? 0)
            default:
                print("usage: AsyncNetBench all <base URL> [repetitions] | big <asyncnet|raw> <url> | queued <url> | loop <asyncnet|raw> <url> <n>")
                exit(2)
            }
        } catch {
            print("benchmark failed: \(error)")
            exit(1)
        }
    }

    static func url(_ string: String) throws -> URL {
        guard let url = URL(string: string) else { throw BenchFailure("bad URL \(string)") }
        return url
    }

    // MARK: - Throughput (in process, interleaved)

    static func all(base: String, repetitions: Int) async throws {
        var rows: [Row] = []
        let session = Session()
        let raw = URLSession(configuration: .asyncNetDefault)
        let small = try url(base + "/small.txt")
        let users = try url(base + "/users.json")

        for (count, inFlight) in [(20_000, 1), (20_000, 16), (20_000, 64)] {
            var cpuOurs: [Double] = [], cpuTheirs: [Double] = []
            let (ours, theirs) = try await compare(repetitions: repetitions) {
                let cpu = cpuSeconds()
                defer { cpuOurs.append((cpuSeconds() - cpu) / Double(count) * 1e6) }
                return try await throughput(count: count, concurrency: inFlight) {
                    let data = try await session.request(small).serializingData().value
                    guard data.count == 100 else { throw BenchFailure("small body was \(data.count) bytes") }
                }
            } raw: {
                let cpu = cpuSeconds()
                defer { cpuTheirs.append((cpuSeconds() - cpu) / Double(count) * 1e6) }
                return try await throughput(count: count, concurrency: inFlight) {
                    let (data, _) = try await raw.data(for: URLRequest(url: small))
                    guard data.count == 100 else { throw BenchFailure("small body was \(data.count) bytes") }
                }
            }
            rows.append(Row(scenario: "GET 100 B, \(count) req, \(inFlight) in flight (req/s)",
                            asyncNet: String(format: "%.0f", ours), raw: String(format: "%.0f", theirs),
                            ratio: String(format: "%.2fx", ours / theirs), peakRSS: ""))
            // Lower is better: shown as raw / AsyncNet so that >= 1.00x means AsyncNet costs no more.
            let cpuA = median(cpuOurs), cpuB = median(cpuTheirs)
            rows.append(Row(scenario: "  CPU per request, all threads (us)", asyncNet: String(format: "%.0f", cpuA),
                            raw: String(format: "%.0f", cpuB), ratio: String(format: "%.2fx", cpuB / cpuA), peakRSS: ""))
        }

        for inFlight in [1, 16, 64] {
            let (ours, theirs) = try await compare(repetitions: repetitions) {
                try await throughput(count: 10_000, concurrency: inFlight) {
                    let list = try await session.request(users).serializing([User].self).value
                    guard list.count == 20 else { throw BenchFailure("decoded \(list.count) users") }
                }
            } raw: {
                try await throughput(count: 10_000, concurrency: inFlight) {
                    let (data, _) = try await raw.data(for: URLRequest(url: users))
                    let list = try JSONDecoder().decode([User].self, from: data)
                    guard list.count == 20 else { throw BenchFailure("decoded \(list.count) users") }
                }
            }
            rows.append(Row(scenario: "JSON 2 KB -> [User], 10000 req, \(inFlight) in flight (req/s)",
                            asyncNet: String(format: "%.0f", ours), raw: String(format: "%.0f", theirs),
                            ratio: String(format: "%.2fx", ours / theirs), peakRSS: ""))
        }

        // Memory scenarios run in child processes, so each peak RSS is its own.
        var bigOurs: [Double] = [], bigTheirs: [Double] = [], rssOurs: [Int] = [], rssTheirs: [Int] = []
        for repetition in 0..<max(3, repetitions) {
            for side in repetition % 2 == 0 ? ["asyncnet", "raw"] : ["raw", "asyncnet"] {
                let output = try child(["big", side, base + "/big.bin"])
                let fields = try parse(output, keys: ["mbps", "rss"])
                if side == "asyncnet" { bigOurs.append(fields[0]); rssOurs.append(Int(fields[1])) }
                else { bigTheirs.append(fields[0]); rssTheirs.append(Int(fields[1])) }
            }
        }
        let ours = median(bigOurs), theirs = median(bigTheirs)
        rows.append(Row(scenario: "200 MiB body in memory (MB/s)", asyncNet: String(format: "%.0f", ours),
                        raw: String(format: "%.0f", theirs), ratio: String(format: "%.2fx", ours / theirs),
                        peakRSS: "median \(mib(Int(median(rssOurs.map(Double.init))))) / \(mib(Int(median(rssTheirs.map(Double.init))))), "
                            + "max \(mib(rssOurs.max() ?? 0)) / \(mib(rssTheirs.max() ?? 0))"))

        let queuedOutput = try child(["queued", base + "/small.txt"])
        let queued = try parse(queuedOutput, keys: ["seconds", "rss", "alive"])
        rows.append(Row(scenario: "10000 queued at once, max 64 in flight (wall s)",
                        asyncNet: String(format: "%.2f s", queued[0]), raw: "-", ratio: "-",
                        peakRSS: "\(mib(Int(queued[1]))), \(Int(queued[2])) requests alive after"))

        print(Row.format(rows))
    }

    /// Runs both sides `repetitions` times, alternating which goes first; returns the medians.
    static func compare(
        repetitions: Int, ours: () async throws -> Double, raw: () async throws -> Double
    ) async throws -> (Double, Double) {
        _ = try await ours()   // warm-up: connections, caches
        _ = try await raw()
        var a: [Double] = [], b: [Double] = []
        for repetition in 0..<repetitions {
            if repetition % 2 == 0 {
                a.append(try await ours()); b.append(try await raw())
            } else {
                b.append(try await raw()); a.append(try await ours())
            }
        }
        return (median(a), median(b))
    }

    static func child(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("child \(arguments) failed: \(output)") }
        return output
    }

    /// Reads `key=value` pairs printed by a child.
    static func parse(_ output: String, keys: [String]) throws -> [Double] {
        var values: [String: Double] = [:]
        for token in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let pair = token.split(separator: "=", maxSplits: 1)
            if pair.count == 2, let value = Double(pair[1]) { values[String(pair[0])] = value }
        }
        return try keys.map { key in
            guard let value = values[key] else { throw BenchFailure("child output lacks \(key): \(output)") }
            return value
        }
    }

    /// What each way of running a URLSession task costs by itself: the ceiling for a client built on it.
    static func modes(base: String, repetitions: Int) async throws {
        let small = try url(base + "/small.txt")
        var rows: [Row] = []
        for inFlight in [1, 64] {
            var results: [RawMode: [Double]] = [:]
            let clients = RawMode.allCases.map { RawClient(mode: $0) }
            for client in clients { _ = try await throughput(count: 2_000, concurrency: inFlight) { _ = try await client.fetch(small) } }
            for repetition in 0..<repetitions {
                let order = repetition % 2 == 0 ? clients : clients.reversed()
                for client in order {
                    results[client.mode, default: []].append(try await throughput(count: 20_000, concurrency: inFlight) {
                        _ = try await client.fetch(small)
                    })
                }
            }
            let baseline = median(results[.asyncData] ?? [])
            for mode in RawMode.allCases {
                let value = median(results[mode] ?? [])
                rows.append(Row(scenario: "raw \(mode.rawValue), GET 100 B, \(inFlight) in flight (req/s)", asyncNet: "-",
                                raw: String(format: "%.0f", value), ratio: String(format: "%.2fx", value / baseline), peakRSS: ""))
            }
        }
        for mode in RawMode.allCases {
            let output = try child(["big", mode.rawValue, base + "/big.bin"])
            let fields = try parse(output, keys: ["mbps", "rss"])
            rows.append(Row(scenario: "raw \(mode.rawValue), 200 MiB body (MB/s)", asyncNet: "-",
                            raw: String(format: "%.0f", fields[0]), ratio: "", peakRSS: mib(Int(fields[1]))))
        }
        print(Row.format(rows))
    }

    // MARK: - Child scenarios

    static func big(side: String, url urlString: String) async throws {
        let url = try url(urlString)
        let start = ContinuousClock.now
        let count: Int
        if side == "asyncnet" {
            count = try await Session().request(url).serializingData().value.count
        } else if let mode = RawMode(rawValue: side) {
            count = try await RawClient(mode: mode).fetch(url).count
        } else {
            count = try await URLSession(configuration: .asyncNetDefault).data(for: URLRequest(url: url)).0.count
        }
        let elapsed = seconds(ContinuousClock.now - start)
        print("bytes=\(count) mbps=\(Double(count) / 1_000_000 / elapsed) rss=\(peakRSS())")
    }

    static func queued(url urlString: String) async throws {
        let url = try url(urlString)
        let session = Session(maxConcurrentRequests: 64)
        let start = ContinuousClock.now
        let refs = try await withThrowingTaskGroup(of: WeakRequest.self) { group in
            for _ in 0..<10_000 {
                group.addTask {
                    let request = session.request(url)
                    _ = try await request.serializingData().value
                    return WeakRequest(request)
                }
            }
            return try await group.reduce(into: [WeakRequest]()) { $0.append($1) }
        }
        let elapsed = seconds(ContinuousClock.now - start)
        var alive = refs.filter { $0.request != nil }.count
        for _ in 0..<100 where alive > 0 {
            try await Task.sleep(for: .milliseconds(10))
            alive = refs.filter { $0.request != nil }.count
        }
        print("seconds=\(elapsed) rss=\(peakRSS()) alive=\(alive)")
    }

    static func loop(side: String, url urlString: String, count: Int) async throws {
        let url = try url(urlString)
        if side == "asyncnet" {
            let session = Session()
            for _ in 0..<count { _ = try await session.request(url).serializingData().value }
        } else {
            let session = URLSession(configuration: .asyncNetDefault)
            for _ in 0..<count { _ = try await session.data(for: URLRequest(url: url)) }
        }
    }
}

final class WeakRequest: Sendable {
    weak let request: DataRequest?
    init(_ request: DataRequest) { self.request = request }
}
