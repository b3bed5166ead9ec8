import MiniFlake
import MiniFlakeSupport

/// Reads and writes `instance-NNNN.highwater`, the high-water mark of one instance number in a
/// file-lease directory.
///
/// ```
/// miniflake-high-water 1
/// layout miniflake
/// epoch 1519862400000
/// tick-milliseconds 1
/// tick 221518455123
/// milliseconds 1741380855123
/// ```
///
/// `milliseconds` is the last millisecond of the tick, so a directory used with another
/// layout still starts above it.
enum HighWaterFile {
    static let header = "miniflake-high-water 1"

    /// The file's name for an instance number.
    static func name(_ instanceNumber: Int) -> String {
        "instance-\(FileInstanceLeaseBackend.paddedNumber(instanceNumber)).highwater"
    }

    /// The stored mark converted to `layout`'s ticks, or `nil` when there is none.
    static func read(directory: String, instanceNumber: Int, layout: FlakeLayout) throws(LeaseBackendError) -> Int64? {
        let path = "\(directory)/\(name(instanceNumber))"
        guard let text = try POSIXFile.contents(of: path) else { return nil }
        var fields: [Substring: Substring] = [:]
        let lines = text.split(separator: "\n")
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { continue }
            fields[line[..<space]] = line[line.index(after: space)...]
        }
        guard lines.first.map(String.init) == header,
            let tick = fields["tick"].flatMap({ Int64($0) }),
            let milliseconds = fields["milliseconds"].flatMap({ Int64($0) }),
            let epoch = fields["epoch"].flatMap({ Int64($0) }),
            let tickMilliseconds = fields["tick-milliseconds"].flatMap({ Int64($0) })
        else {
            throw .storage(path: path, reason: "not a high-water mark file; refusing to guess the mark")
        }
        if fields["layout"].map(String.init) == layout.name, epoch == layout.epochMillisecondsSince1970,
            tickMilliseconds == layout.tickMilliseconds
        {
            return tick
        }
        // Another layout wrote it: start above the same moment in this layout's ticks.
        guard milliseconds >= layout.epochMillisecondsSince1970 else { return nil }
        return layout.tick(millisecondsSince1970: milliseconds)
    }

    /// Stores a mark crash-safely (temporary file, `fsync`, `rename`).
    static func write(
        _ tick: Int64, directory: String, instanceNumber: Int, layout: FlakeLayout,
        interruptBeforeRename: Bool = false
    ) throws(LeaseBackendError) {
        let (span, overflowA) = (tick + 1).multipliedReportingOverflow(by: layout.tickMilliseconds)
        let (end, overflowB) = layout.epochMillisecondsSince1970.addingReportingOverflow(span)
        let milliseconds = overflowA || overflowB ? Int64.max : end - 1
        let layoutName = String(layout.name.map { $0.isNewline ? " " : $0 })
        let text = """
            \(header)
            layout \(layoutName)
            epoch \(layout.epochMillisecondsSince1970)
            tick-milliseconds \(layout.tickMilliseconds)
            tick \(tick)
            milliseconds \(milliseconds)

            """
        try POSIXFile.writeAtomically(
            text, to: "\(directory)/\(name(instanceNumber))", directory: directory,
            interruptBeforeRename: interruptBeforeRename)
    }

    /// Whether a directory entry is a temporary file left by an interrupted write for this
    /// number.
    static func isTemporary(_ entry: String, instanceNumber: Int) -> Bool {
        entry.hasPrefix(name(instanceNumber) + ".") && entry.hasSuffix(".tmp")
    }
}
