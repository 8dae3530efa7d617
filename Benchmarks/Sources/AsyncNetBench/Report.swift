// Turns the samples into the table: one row per scenario and figure, median [min–max] cells, paired ratios.
import Foundation

enum ReportTable {
    struct Metric {
        let field: String
        let label: String
        let digits: Int
        /// Show the median paired difference (AsyncNet minus the other client) next to the ratio, in this unit.
        var differenceUnit: String? = nil
        var scale: Double = 1
    }

    static let throughputMetrics = [
        Metric(field: "rps", label: "req/s", digits: 0),
        Metric(field: "cpu_us", label: "  CPU us per request (user+sys, all threads)", digits: 0, differenceUnit: "us"),
        Metric(field: "nvcsw", label: "  voluntary context switches per request", digits: 1),
        Metric(field: "nivcsw", label: "  involuntary context switches per request", digits: 1),
    ]

    static let dash = "–"

    static func render(_ results: Results, _ options: Runner.Options) -> String {
        let clients = options.clients
        var table = Table(header: ["scenario"] + clients.map(\.title) + ["AsyncNet/raw", "AsyncNet/delegate"]
            + (clients.contains(.asyncnetAtCompletion) ? [".atCompletion/raw", ".atCompletion/completion handler"] : []))

        // Throughput, every side on .asyncNetService.
        for scenario in Scenario.allCases {
            for inFlight in Runner.inFlightLevels {
                for metric in throughputMetrics {
                    let label = metric.field == "rps" ? "\(scenario.title), \(inFlight) in flight: req/s" : metric.label
                    let values = clients.map { results.values(Runner.key(scenario, inFlight, $0), metric.field) }
                    table.add(row(label, values, clients: clients, metric: metric))
                }
            }
        }

        // Configuration rows: GET 100 B, 1 in flight, each side on its own configuration.
        let rawDefault = Runner.configKey(.raw, .urlsessionDefault)
        let configRows: [(ClientKind, ConfigKind, String)] = [
            (.asyncnet, .service, "AsyncNet .asyncNetService"),
            (.asyncnetAtCompletion, .service, "AsyncNet .asyncNetService + .atCompletion"),
            (.asyncnet, .asyncnetDefault, "AsyncNet .asyncNetDefault"),
        ]
        for (client, config, title) in configRows {
            for metric in throughputMetrics {
                let label = metric.field == "rps" ? "GET 100 B, 1 in flight, \(title) vs raw .default: req/s" : metric.label
                let asyncNet = results.values(Runner.configKey(client, config), metric.field)
                let raw = results.values(rawDefault, metric.field)
                let values = clients.map { column -> [Double] in
                    column == .asyncnet ? asyncNet : column == .raw ? raw : []
                }
                table.add(row(label, values, clients: clients, metric: metric))
            }
        }

        // 200 MiB body into memory.
        for metric in [Metric(field: "mbps", label: "200 MiB body into memory (size checked): MB/s", digits: 0),
                       Metric(field: "rss", label: "  peak RSS (VmHWM), MiB", digits: 0, scale: 1 / 1_048_576)] {
            let values = clients.map { results.values("big|\($0.rawValue)", metric.field) }
            table.add(row(metric.label, values, clients: clients, metric: metric))
        }

        // Requests queued at once (AsyncNet only).
        for metric in [Metric(field: "seconds", label: "\(options.queuedCount) queued at once, maxConcurrentRequests 64: "
                                  + "wall s", digits: 2),
                       Metric(field: "rss", label: "  peak RSS (VmHWM), MiB", digits: 0, scale: 1 / 1_048_576),
                       Metric(field: "alive", label: "  requests alive after", digits: 0)] {
            let values = clients.map { $0 == .asyncnet ? results.values("queued", metric.field) : [] }
            table.add(row(metric.label, values, clients: clients, metric: metric))
        }

        var text = table.render() + "\n\n" + configurationAlone(results) + "\n\n"
        text += """
            Configuration rows: "raw .default" is data(for:) on URLSessionConfiguration.default (cookies and URL \
            cache on, no extra headers), what a plain URLSession user gets; AsyncNet .asyncNetService against it is \
            the service configuration gain; AsyncNet .asyncNetDefault (the same behaviour plus AsyncNet's headers) \
            against it is AsyncNet's cost at equal behaviour.
            Cells: median [min–max] over \(options.repetitions) repetition(s) (\(options.memoryRepetitions) for the \
            memory rows). Ratio columns: median [min–max] of the per-repetition ratios, each AsyncNet run divided by \
            the other client's run of the same repetition; for CPU also the median per-request difference.
            req/s and MB/s: above 1.00x AsyncNet is faster. CPU, context switches, RSS: above 1.00x AsyncNet costs \
            more. When a ratio's [min–max] includes 1.00x, the difference is within this run's noise.
            """
        return text
    }

    /// One row: a cell per client, then AsyncNet/raw and AsyncNet/delegate.
    static func row(_ label: String, _ values: [[Double]], clients: [ClientKind], metric: Metric) -> [String] {
        let scaled = values.map { $0.map { $0 * metric.scale } }
        let byClient = Dictionary(uniqueKeysWithValues: zip(clients, scaled))
        let cells = scaled.map { Spread($0)?.format(digits: metric.digits) ?? dash }
        let asyncNet = byClient[.asyncnet] ?? []
        let ratios = [ClientKind.raw, .delegate].map { other in
            ratioCell(asyncNet, byClient[other] ?? [], metric: metric)
        }
        guard clients.contains(.asyncnetAtCompletion) else { return [label] + cells + ratios }
        let atCompletion = byClient[.asyncnetAtCompletion] ?? []
        let completionRatios = [ClientKind.raw, .completion].map { other in
            ratioCell(atCompletion, byClient[other] ?? [], metric: metric)
        }
        return [label] + cells + ratios + completionRatios
    }

    static func ratioCell(_ a: [Double], _ b: [Double], metric: Metric) -> String {
        guard let ratio = Spread(pairedRatios(a, b)) else { return dash }
        var cell = ratio.format(digits: 2, suffix: "x")
        if let unit = metric.differenceUnit, let difference = Spread(pairedDifferences(a, b)) {
            cell += String(format: ", %+.0f \(unit)", difference.median)
        }
        return cell
    }

    /// AsyncNet on .asyncNetService against AsyncNet on .asyncNetDefault: what the configuration alone buys.
    static func configurationAlone(_ results: Results) -> String {
        let service = Runner.configKey(.asyncnet, .service), standard = Runner.configKey(.asyncnet, .asyncnetDefault)
        let speed = Spread(pairedRatios(results.values(service, "rps"), results.values(standard, "rps")))
        let cpuService = Spread(results.values(service, "cpu_us")), cpuDefault = Spread(results.values(standard, "cpu_us"))
        guard let speed, let cpuService, let cpuDefault else { return "" }
        return "Configuration alone (AsyncNet, GET 100 B, 1 in flight): .asyncNetService / .asyncNetDefault = "
            + "\(speed.format(digits: 2, suffix: "x")) req/s; CPU per request \(cpuService.format(digits: 0)) us "
            + "vs \(cpuDefault.format(digits: 0)) us."
    }
}
