#if GRDB
    /// How a table stores the creation times a backfill reads.
    public enum FlakeBackfillTimeStorage: Sendable, Hashable, CaseIterable {
        /// ISO 8601 text as SQLite's date functions read it: GRDB's default for `Date`
        /// (`2026-03-01 12:00:00.123`, UTC), `2026-03-01T12:00:00.123Z`, or with an offset
        /// (`+02:00`). A time without a zone is UTC. Precision is the millisecond.
        case text
        /// An `INTEGER` of milliseconds since 1970.
        case unixMilliseconds
        /// An `INTEGER` or `REAL` of seconds since 1970, such as `Date.timeIntervalSince1970`.
        case unixSeconds

        /// An SQL expression of `column` in milliseconds since 1970, `NULL` for a value not in
        /// this storage.
        func milliseconds(of column: String) -> String {
            switch self {
            case .text:
                return "CASE WHEN typeof(\(column)) = 'text' "
                    + "THEN CAST(round((julianday(\(column)) - 2440587.5) * 86400000) AS INTEGER) END"
            case .unixMilliseconds:
                return "CASE WHEN typeof(\(column)) = 'integer' THEN \(column) END"
            case .unixSeconds:
                // floor() without SQLite's optional math functions.
                let scaled = "(\(column) * 1000.0)"
                return "CASE WHEN typeof(\(column)) IN ('integer', 'real') "
                    + "THEN CAST(\(scaled) AS INTEGER) - (\(scaled) < CAST(\(scaled) AS INTEGER)) END"
            }
        }
    }
#endif
