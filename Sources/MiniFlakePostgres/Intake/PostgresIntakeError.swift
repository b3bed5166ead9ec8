#if Postgres
    /// Why a ``PostgresClientIDIntake`` could not be made or could not take in an upload.
    ///
    /// An upload the validator refuses is not an error: it is answered with
    /// `IntakeOutcome.rejected`.
    public struct PostgresIntakeError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A stable, machine-readable name for a failure. New codes may be added, so a `switch`
        /// over codes needs a `default`.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The code as a snake_case string.
            public let rawValue: String

            private init(_ rawValue: String) {
                self.rawValue = rawValue
            }

            /// The code as a snake_case string.
            public var description: String { rawValue }

            /// `invalid_identifier`: a table or column name is not a plain SQL identifier.
            public static let invalidIdentifier = Code("invalid_identifier")
            /// `record_mismatch`: the caller's insert stored no row for the account and
            /// identifier, or one with another origin installation; it was rolled back.
            public static let recordMismatch = Code("record_mismatch")
            /// `insert_failed`: the caller's insert threw; it was rolled back.
            public static let insertFailed = Code("insert_failed")
            /// `storage_failed`: PostgreSQL failed, could not be reached, or did not answer in
            /// time; nothing was written.
            public static let storageFailed = Code("storage_failed")
        }

        /// What went wrong.
        public let code: Code
        /// One line for a person.
        public let message: String

        /// Makes an error.
        public init(_ code: Code, message: String) {
            self.code = code
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }
#endif
