// What one child process runs: one client, one scenario, warm-up then the measured run, results as key=value.
import AsyncNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum Scenario: String, CaseIterable, Sendable {
    /// GET of a 100-byte text body.
    case get
    /// GET of a 2 KB JSON array decoded into 20 `User`s.
    case json

    var path: String { self == .get ? "/small.txt" : "/users.json" }
    var title: String { self == .get ? "GET 100 B" : "JSON 2 KB -> [User]" }

    /// One request, with its result checked.
    func perform(_ client: any BenchClient, _ url: URL) async throws {
        switch self {
        case .get:
            let body = try await client.data(url)
            guard body.count == 100 else { throw BenchFailure("the 100 B body was \(body.count) bytes") }
        case .json:
            let users = try await client.users(url)
            guard users.count == 20 else { throw BenchFailure("decoded \(users.count) users, not 20") }
        }
    }
}

/// The body of the memory scenario: exactly 200 MiB.
let bigBodySize = 209_715_200

func url(_ string: String) throws -> URL {
    guard let url = URL(string: string) else { throw BenchFailure("bad URL \(string)") }
    return url
}

/// Runs `count` requests with `inFlight` workers, each running its share one after another.
func runWorkers(count: Int, inFlight: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
    let workers = max(1, min(inFlight, count))
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<workers {
            let share = count / workers + (worker < count % workers ? 1 : 0)
            group.addTask {
                for _ in 0..<share { try await body() }
            }
        }
        try await group.waitForAll()
    }
}

enum ChildScenarios {
    /// Throughput of one client: warm-up (not measured), then `count` requests measured for wall time, CPU and
    /// context switches.
    static func one(client kind: ClientKind, scenario: Scenario, base: String, inFlight: Int, count: Int,
                    warmUp: Int, config: ConfigKind) async throws {
        let client = makeClient(kind, configuration: config.make())
        let target = try url(base + scenario.path)
        if warmUp > 0 {
            try await runWorkers(count: warmUp, inFlight: inFlight) { try await scenario.perform(client, target) }
        }
        let before = Usage.now()
        let start = ContinuousClock.now
        try await runWorkers(count: count, inFlight: inFlight) { try await scenario.perform(client, target) }
        let elapsed = seconds(ContinuousClock.now - start)
        let after = Usage.now()
        let n = Double(count)
        report([
            "requests": n, "seconds": elapsed, "rps": n / elapsed,
            "cpu_us": (after.cpuSeconds - before.cpuSeconds) / n * 1e6,
            "nvcsw": Double(after.voluntarySwitches - before.voluntarySwitches) / n,
            "nivcsw": Double(after.involuntarySwitches - before.involuntarySwitches) / n,
            "rss": Double(peakRSS()),
        ])
    }

    /// One 200 MiB body into memory. A few small GETs first open the connection (not measured).
    static func big(client kind: ClientKind, base: String, config: ConfigKind) async throws {
        let client = makeClient(kind, configuration: config.make())
        let small = try url(base + Scenario.get.path)
        for _ in 0..<5 { try await Scenario.get.perform(client, small) }
        let target = try url(base + "/big.bin")
        let start = ContinuousClock.now
        let body = try await client.data(target)
        let elapsed = seconds(ContinuousClock.now - start)
        guard body.count == bigBodySize else {
            throw BenchFailure("the big body was \(body.count) bytes, not \(bigBodySize) (200 MiB)")
        }
        report(["bytes": Double(body.count), "seconds": elapsed, "mbps": Double(body.count) / 1e6 / elapsed,
                "rss": Double(peakRSS())])
    }

    /// `count` requests started at once through `Session(maxConcurrentRequests: 64)`: wall time, peak RSS and how
    /// many requests are still alive once all have returned (they should all be freed).
    static func queued(base: String, count: Int, config: ConfigKind) async throws {
        let session = Session(configuration: config.make(), maxConcurrentRequests: 64)
        let target = try url(base + Scenario.get.path)
        // Warm-up, not measured: opens the connections.
        try await runWorkers(count: 128, inFlight: 64) {
            _ = try await session.request(target).validate().serializingData().value
        }
        let start = ContinuousClock.now
        let refs = try await withThrowingTaskGroup(of: WeakRequest.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let request = session.request(target)
                    let body = try await request.validate().serializingData().value
                    guard body.count == 100 else { throw BenchFailure("the 100 B body was \(body.count) bytes") }
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
        report(["requests": Double(count), "seconds": elapsed, "rss": Double(peakRSS()), "alive": Double(alive)])
    }
}

final class WeakRequest: Sendable {
    weak let request: DataRequest?
    init(_ request: DataRequest) { self.request = request }
}
