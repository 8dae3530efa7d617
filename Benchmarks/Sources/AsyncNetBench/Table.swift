// The markdown table, padded so that it also reads well as plain text.
import Foundation

struct Table {
    let header: [String]
    private(set) var rows: [[String]] = []

    init(header: [String]) { self.header = header }

    mutating func add(_ cells: [String]) {
        precondition(cells.count == header.count, "a row has \(cells.count) cells for \(header.count) columns")
        rows.append(cells)
    }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
