#if GRDB
    /// Why `Database.backfillFlakeIDs(table:column:createdAtColumn:orderColumn:layout:instance:createdAtStorage:)`
    /// refused a table; nothing was changed.
    ///
    /// It has the shape of every MiniFlake error: a stable ``code`` and a one-line ``message``.
    public struct FlakeBackfillError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A stable, machine-readable name for the failure. New codes may be added, so a
        /// `switch` over codes needs a `default`.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The code as a snake_case string.
            public let rawValue: String

            private init(_ rawValue: String) {
                self.rawValue = rawValue
            }

            /// The code as a snake_case string.
            public var description: String { rawValue }

            /// `unknown_table`: no table has the name given.
            public static let unknownTable = Code("unknown_table")
            /// `unknown_column`: the table has no column of a name given.
            public static let unknownColumn = Code("unknown_column")
            /// `without_rowid`: the table is a `WITHOUT ROWID` table, which the backfill does not
            /// support.
            public static let withoutRowID = Code("without_rowid")
            /// `instance_out_of_range`: the instance number does not fit the layout.
            public static let instanceOutOfRange = Code("instance_out_of_range")
            /// `null_created_at`: rows have `NULL` as their creation time.
            public static let nullCreatedAt = Code("null_created_at")
            /// `invalid_time`: rows have a creation time that is not in the storage given.
            public static let invalidTime = Code("invalid_time")
            /// `before_epoch`: rows were created before the layout's epoch.
            public static let beforeEpoch = Code("before_epoch")
            /// `after_last_tick`: rows were created, or carried, past the layout's last tick.
            public static let afterLastTick = Code("after_last_tick")
        }

        /// What went wrong.
        public let code: Code
        /// One line for a person, saying what is wrong.
        public let message: String

        init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }

        /// `code: message`.
        public var description: String { "\(code.rawValue): \(message)" }
    }
#endif
