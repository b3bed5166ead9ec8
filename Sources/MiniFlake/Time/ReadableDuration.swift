/// A span of milliseconds for a person to read: its two largest units, such as `1 h`, `2 min 30 s`,
/// `13 years 252 days` or `250 ms`, in messages that would otherwise print `431851903518 ms`.
package struct ReadableDuration: Sendable, Hashable, CustomStringConvertible {
    /// The span, in milliseconds.
    package let milliseconds: Int64

    /// Makes the text of a span of milliseconds.
    package init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    private static let units: [(name: String, plural: String, milliseconds: Int64)] = [
        ("year", "years", 365 * 86_400_000), ("day", "days", 86_400_000), ("h", "h", 3_600_000),
        ("min", "min", 60_000), ("s", "s", 1000), ("ms", "ms", 1),
    ]

    /// The span in its two largest non-zero units; `0 ms` for none, with `-` before a negative span.
    package var description: String {
        let magnitude = milliseconds.magnitude
        var rest = magnitude
        var parts: [String] = []
        for unit in Self.units where parts.count < 2 {
            let count = rest / UInt64(unit.milliseconds)
            rest %= UInt64(unit.milliseconds)
            if count > 0 {
                parts.append("\(count) \(count == 1 ? unit.name : unit.plural)")
            } else if !parts.isEmpty {
                break
            }
        }
        let text = parts.isEmpty ? "0 ms" : parts.joined(separator: " ")
        return milliseconds < 0 ? "-" + text : text
    }
}
