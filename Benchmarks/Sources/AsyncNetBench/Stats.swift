// Samples gathered from the children, and how they are summarised: median with min and max.
import Foundation

/// Every child's `key=value` output, by measurement, in the order of the repetitions.
struct Results {
    private var samples: [String: [[String: Double]]] = [:]

    mutating func add(_ key: String, _ sample: [String: Double]) {
        samples[key, default: []].append(sample)
    }

    /// One field of a measurement, one value per repetition.
    func values(_ key: String, _ field: String) -> [Double] {
        (samples[key] ?? []).compactMap { $0[field] }
    }
}

/// Median, min and max of some samples.
struct Spread {
    let median: Double
    let min: Double
    let max: Double
    let count: Int

    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        count = sorted.count
    }

    /// `median [min–max]`, or the single value when there is only one sample.
    func format(digits: Int, suffix: String = "", signed: Bool = false) -> String {
        func number(_ value: Double) -> String {
            String(format: signed ? "%+.\(digits)f" : "%.\(digits)f", value) + suffix
        }
        return count == 1 ? number(median) : "\(number(median)) [\(number(min))–\(number(max))]"
    }
}

/// The per-repetition ratios a/b: runs of the same repetition are paired (they ran close together in time).
func pairedRatios(_ a: [Double], _ b: [Double]) -> [Double] {
    zip(a, b).compactMap { $1 == 0 ? nil : $0 / $1 }
}

/// The per-repetition differences a - b.
func pairedDifferences(_ a: [Double], _ b: [Double]) -> [Double] {
    zip(a, b).map { $0 - $1 }
}

/// Reads the `key=value` pairs a child printed.
func parseReport(_ output: String) -> [String: Double] {
    var values: [String: Double] = [:]
    for token in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
        let pair = token.split(separator: "=", maxSplits: 1)
        if pair.count == 2, let value = Double(pair[1]) { values[String(pair[0])] = value }
    }
    return values
}
