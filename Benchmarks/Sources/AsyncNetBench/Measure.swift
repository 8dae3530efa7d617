import Foundation

/// The process's peak resident set size in bytes (VmHWM), or 0 where /proc is missing.
func peakRSS() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return kilobytes * 1024
    }
    return 0
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

/// CPU time (user + system, all threads) this process has used so far, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// Runs `count` requests with `concurrency` in flight; returns requests per second.
func throughput(count: Int, concurrency: Int, _ body: @escaping @Sendable () async throws -> Void) async throws -> Double {
    let perWorker = count / concurrency
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                for _ in 0..<perWorker { try await body() }
            }
        }
        try await group.waitForAll()
    }
    return Double(perWorker * concurrency) / seconds(ContinuousClock.now - start)
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One row of the final table.
struct Row {
    let scenario: String
    let asyncNet: String
    let raw: String
    let ratio: String
    let peakRSS: String

    static func format(_ rows: [Row]) -> String {
        let header = Row(scenario: "scenario", asyncNet: "AsyncNet", raw: "raw URLSession", ratio: "ratio", peakRSS: "peak RSS (AsyncNet / raw)")
        let all = [header] + rows
        let columns: [(Row) -> String] = [{ $0.scenario }, { $0.asyncNet }, { $0.raw }, { $0.ratio }, { $0.peakRSS }]
        let widths: [Int] = columns.map { column in all.map { column($0).count }.max() ?? 0 }
        func line(_ row: Row) -> String {
            let cells = [row.scenario, row.asyncNet, row.raw, row.ratio, row.peakRSS]
            return "| " + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

func mib(_ bytes: Int) -> String { String(format: "%.0f MiB", Double(bytes) / 1_048_576) }
