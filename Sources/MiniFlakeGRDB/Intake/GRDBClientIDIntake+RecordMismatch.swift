#if GRDB
    extension GRDBClientIDIntake {
        /// The record given to ``receive(rawID:account:installation:in:makeRecord:)`` does not
        /// hold the account, the identifier or the origin installation it was received for;
        /// nothing was written.
        ///
        /// It has the shape of every MiniFlake error: a ``code`` (`record_mismatch`) and a
        /// one-line ``message``, with the column and the two values beside them.
        public struct RecordMismatch: Error, Sendable, Hashable, CustomStringConvertible {
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

                /// `record_mismatch`: a column of the record differs from what was received.
                public static let recordMismatch = Code("record_mismatch")
            }

            /// What went wrong: ``Code/recordMismatch``.
            public let code: Code
            /// One line for a person, saying what is wrong.
            public let message: String
            /// The column whose value differs from the expected one.
            public let column: String
            /// The expected value, as GRDB shows a database value.
            public let expected: String
            /// The record's value, shown the same way, or `nil` when the record has no such column.
            public let found: String?

            // The error for a column whose value is `found` (`nil`: no such column) instead of
            // `expected`.
            init(column: String, expected: String, found: String?) {
                self.code = .recordMismatch
                self.message = "the record's \(column) is \(found ?? "missing"), not \(expected) as received"
                self.column = column
                self.expected = expected
                self.found = found
            }

            /// The message.
            public var description: String { message }
        }
    }
#endif
