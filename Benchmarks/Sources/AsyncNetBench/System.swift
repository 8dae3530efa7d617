// What a child measures about itself: CPU time, context switches, peak resident memory, wall time.
import Foundation

/// getrusage(RUSAGE_SELF): every thread of this process, user + system.
struct Usage {
    let cpuSeconds: Double
    let voluntarySwitches: Int
    let involuntarySwitches: Int

    static func now() -> Usage {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Usage(cpuSeconds: user + system, voluntarySwitches: Int(usage.ru_nvcsw),
                     involuntarySwitches: Int(usage.ru_nivcsw))
    }
}

/// The process's peak resident set size in bytes (VmHWM), or 0 where /proc is missing.
func peakRSS() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return kilobytes * 1024
    }
    return 0
}

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Prints one line of `key=value` pairs for the parent to read.
func report(_ pairs: KeyValuePairs<String, Double>) {
    print(pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
}
