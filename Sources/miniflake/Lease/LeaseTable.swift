#if CLI
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeSupport

    /// The table `miniflake lease list` prints.
    enum LeaseTable {
        /// The header and one line per record, columns aligned; the holder comes last because
        /// it may hold spaces.
        static func text(_ records: [InstanceLeaseRecord]) -> String {
            let rows = records.map { record in
                [
                    String(record.instanceNumber),
                    record.isHeld ? "held" : "free",
                    record.expiresAt.map(expiry) ?? "-",
                    record.highWaterTick.map(String.init) ?? "-",
                    record.holder ?? "-",
                ]
            }
            let header = ["INSTANCE", "STATE", "EXPIRES", "HIGH-WATER", "HOLDER"]
            let widths = (0..<header.count).map { column in
                ([header] + rows).map { $0[column].count }.max() ?? 0
            }
            // Numbers right-aligned, text left-aligned; no padding after the last column.
            let rightAligned: Set<Int> = [0, 3]
            var text = ""
            for row in [header] + rows {
                var cells: [String] = []
                for (column, cell) in row.enumerated() {
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    if rightAligned.contains(column) {
                        cells.append(padding + cell)
                    } else {
                        cells.append(column == row.count - 1 ? cell : cell + padding)
                    }
                }
                text += cells.joined(separator: "  ") + "\n"
            }
            return text
        }

        /// An expiry as ISO 8601 UTC with milliseconds; `-` outside the years 1970 to 9999.
        private static func expiry(_ date: Date) -> String {
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
            guard milliseconds >= 0, milliseconds <= 253_402_300_799_999 else { return "-" }
            return ISO8601Time.string(millisecondsSince1970: Int64(milliseconds))
        }
    }
#endif
