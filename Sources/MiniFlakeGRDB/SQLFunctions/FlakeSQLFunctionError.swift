#if GRDB
    import MiniFlake

    /// Why a MiniFlake SQL function refused its arguments; SQLite reports it as
    /// `code: message`, the code first, as the shared vectors name it.
    ///
    /// It has the shape of every MiniFlake error: a stable ``code`` and a one-line ``message``.
    public struct FlakeSQLFunctionError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A stable, machine-readable name for the reason, as the shared test vectors
        /// (`vectors/miniflake-ids.json`) list it. New codes may be added, so a `switch` over
        /// codes needs a `default`.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The code as a snake_case string.
            public let rawValue: String

            fileprivate init(_ rawValue: String) {
                self.rawValue = rawValue
            }

            /// The code as a snake_case string.
            public var description: String { rawValue }

            /// `negative`: the ID is a negative integer.
            public static let negative = Code("negative")
            /// `not_an_id`: the ID is not an `INTEGER`.
            public static let notAnID = Code("not_an_id")
            /// `before_epoch`: the moment is before the layout's epoch.
            public static let beforeEpoch = Code("before_epoch")
            /// `after_last_tick`: the moment is after the layout's last tick, or the ID has a bit
            /// set above the layout's fields (its timestamp would be past the last tick).
            public static let afterLastTick = Code("after_last_tick")
            /// `invalid_time`: the time is neither ISO 8601 text nor an integer.
            public static let invalidTime = Code("invalid_time")
            /// `unknown_layout`: the layout argument names no preset.
            public static let unknownLayout = Code("unknown_layout")
            /// `wrong_argument_count`: the function was called with no arguments or more than two.
            public static let wrongArgumentCount = Code("wrong_argument_count")
            /// `malformed_uuid`: the UUID is not text in the 8-4-4-4-12 form.
            public static let malformedUUID = Code("malformed_uuid")
            /// `not_version_7`: the UUID's version is not 7.
            public static let notVersion7 = Code("not_version_7")
            /// `wrong_variant`: the UUID's variant bits are not `10`.
            public static let wrongVariant = Code("wrong_variant")
            /// `checksum_mismatch`: the UUID's check bits do not match: no MiniFlake ID made it.
            public static let checksumMismatch = Code("checksum_mismatch")
            /// `time_mismatch`: the UUID's time is not its ID's time.
            public static let timeMismatch = Code("time_mismatch")
        }

        /// The reason.
        public let code: Code
        /// What was wrong, for a person.
        public let message: String

        init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }

        /// The error for a UUID `FlakeUUID` refused, with the same code (every `FlakeUUIDError`
        /// code is one of the codes above).
        init(_ error: FlakeUUIDError) {
            self.init(Code(error.code.rawValue), error.message)
        }

        /// `code: message`, as SQLite shows it.
        public var description: String { "\(code.rawValue): \(message)" }
    }
#endif
