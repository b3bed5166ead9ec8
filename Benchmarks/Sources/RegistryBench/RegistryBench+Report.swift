import Foundation
import MiniFlakeBench

extension RegistryBench {
    /// The registry cases as a Markdown section: per case and requests in flight, the median
    /// rate of each phase over the rounds (with the range), and each registration's cost as a
    /// multiple of `recordSeen`'s, measured in the same round.
    public static func rendered(_ outcomes: [Outcome], scale: BenchScale) -> String {
        let counts = Counts.forScale(scale)
        var lines = [
            "Instance registry: requests per second, median of \(counts.rounds) round(s) [lowest–highest]; each round "
                + "registers \(counts.installations) fresh pairs over \(counts.accounts) accounts, then the same pairs "
                + "again, then records an identifier from each (recordSeen: one UPDATE, the baseline).",
            "",
        ]
        var rows: [[String]] = [
            [
                "case", "store", "in flight", "fresh/s", "again/s", "recordSeen/s", "fresh × recordSeen",
                "again × recordSeen",
            ]
        ]
        var notes: [String] = []
        for outcome in outcomes {
            if let notRun = outcome.notRun {
                rows.append([outcome.key, outcome.store, "–", "–", "–", "–", "–", "–"])
                notes.append("\(outcome.key): \(notRun).")
                continue
            }
            for rates in outcome.rates {
                let seen = median(rates.seen)
                rows.append([
                    outcome.key, outcome.store, "\(rates.inFlight)", summary(rates.fresh), summary(rates.again),
                    summary(rates.seen), cost(median(rates.fresh), baseline: seen),
                    cost(median(rates.again), baseline: seen),
                ])
            }
        }
        lines += table(rows)
        lines += notes
        if scale == .quick {
            lines.append("Quick run: tiny counts to check that the cases run; the figures mean nothing.")
        }
        return lines.joined(separator: "\n")
    }

    /// How many times as long one request takes as one `recordSeen`.
    static func cost(_ rate: Double, baseline: Double) -> String {
        rate > 0 ? String(format: "%.2fx", baseline / rate) : ""
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func summary(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let middle = String(format: "%.0f", median(values))
        return values.count == 1 ? middle : middle + String(format: " [%.0f–%.0f]", low, high)
    }

    static func table(_ rows: [[String]]) -> [String] {
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ row: [String]) -> String {
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + padding : padding + cell
            }
            return "| " + cells.joined(separator: " | ") + " |"
        }
        let rule =
            "|"
            + widths.enumerated().map { column, width in
                column < 2 ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
            }.joined(separator: "|") + "|"
        return [line(rows[0]), rule] + rows.dropFirst().map(line)
    }
}
