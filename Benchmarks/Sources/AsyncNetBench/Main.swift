// AsyncNet against raw URLSession clients, each in its own process, interleaved, median [min–max].
//
//   AsyncNetBench all <base URL> [repetitions=5] [scale=1] [--completion]
//       The whole table. Spawns this executable once per measurement. `scale` shrinks the request counts (for a
//       smoke test: `all <base> 1 0.05`); --completion adds a dataTask(with:completionHandler:) column.
//   AsyncNetBench one <client> <get|json> <base URL> [in-flight=1] [count=10000] [warm-up=500] [config=service]
//       One client's throughput scenario in this process (what `all` runs in each child; use it for profiling).
//   AsyncNetBench big <client> <base URL> [config=service]      one 200 MiB body into memory
//   AsyncNetBench queued <base URL> [count=10000] [config=service]
//       `count` requests at once through Session(maxConcurrentRequests: 64)
//
// client: asyncnet | raw | delegate | completion | asyncnet-at-completion.  config: service (.asyncNetService, the same on every side) |
// default (URLSessionConfiguration.default) | asyncnet-default (.asyncNetDefault).
// Children print `key=value` pairs. The base URL serves /small.txt (100 B), /users.json (20 users, 2 KB) and
// /big.bin (200 MiB): scripts/bench sets that up with nginx.
import Foundation

@main
struct AsyncNetBench {
    static let usage = """
        usage: AsyncNetBench all <base URL> [repetitions=5] [scale=1] [--completion]
               AsyncNetBench one <asyncnet|asyncnet-at-completion|raw|delegate|completion> <get|json> <base URL> [in-flight=1] [count=10000] \
        [warm-up=500] [service|default|asyncnet-default]
               AsyncNetBench big <client> <base URL> [config]
               AsyncNetBench queued <base URL> [count=10000] [config]
        """

    static func main() async {
        let flags = Set(CommandLine.arguments.dropFirst().filter { $0.hasPrefix("--") })
        let arguments = Array(CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") })
        if ProcessInfo.processInfo.environment["ASYNCNET_BENCH_CHILD"] == "1" { startWatchdog() }
        do {
            switch (arguments.first, arguments.count) {
            case ("all", 2...4):
                let repetitions = try int(arguments, 2, default: 5)
                let scale = try double(arguments, 3, default: 1)
                guard repetitions >= 1, scale > 0 else { throw BenchFailure("repetitions >= 1 and scale > 0") }
                try Runner.all(Runner.Options(base: arguments[1], repetitions: repetitions, scale: scale,
                                              withCompletion: flags.contains("--completion")))
            case ("one", 4...8):
                try await ChildScenarios.one(
                    client: try parse(arguments[1]), scenario: try parse(arguments[2]), base: arguments[3],
                    inFlight: try int(arguments, 4, default: 1), count: try int(arguments, 5, default: 10_000),
                    warmUp: try int(arguments, 6, default: 500), config: try parse(arguments, 7, default: .service))
            case ("big", 3...4):
                try await ChildScenarios.big(client: try parse(arguments[1]), base: arguments[2],
                                             config: try parse(arguments, 3, default: .service))
            case ("queued", 2...4):
                try await ChildScenarios.queued(base: arguments[1], count: try int(arguments, 2, default: 10_000),
                                                config: try parse(arguments, 3, default: .service))
            default:
                FileHandle.standardError.write(Data((usage + "\n").utf8))
                exit(2)
            }
        } catch {
            FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
            exit(1)
        }
    }

    static func int(_ arguments: [String], _ index: Int, default value: Int) throws -> Int {
        guard index < arguments.count else { return value }
        guard let parsed = Int(arguments[index]) else { throw BenchFailure("not a number: \(arguments[index])") }
        return parsed
    }

    static func double(_ arguments: [String], _ index: Int, default value: Double) throws -> Double {
        guard index < arguments.count else { return value }
        guard let parsed = Double(arguments[index]) else { throw BenchFailure("not a number: \(arguments[index])") }
        return parsed
    }

    static func parse<T: RawRepresentable & CaseIterable>(_ text: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw BenchFailure("\(text) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    static func parse<T: RawRepresentable & CaseIterable>(
        _ arguments: [String], _ index: Int, default value: T
    ) throws -> T where T.RawValue == String {
        index < arguments.count ? try parse(arguments[index]) : value
    }

    /// A child that hangs (a server gone, a URLSession bug) must not hang the whole run, and a child whose parent is
    /// gone (interrupted; Foundation's Process puts each child in its own process group) must not linger. One
    /// thread that wakes once a second: negligible next to thousands of requests per second.
    static func startWatchdog() {
        let parent = getppid()
        let deadline = ContinuousClock.now + .seconds(600)
        Thread.detachNewThread {
            while true {
                sleep(1)
                if getppid() != parent { exit(4) }
                if ContinuousClock.now > deadline {
                    FileHandle.standardError.write(Data("benchmark child timed out after 600 s\n".utf8))
                    exit(3)
                }
            }
        }
    }
}
