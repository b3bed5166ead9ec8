#if GRDB
    import MiniFlake

    /// Why a MiniFlake SQL function refused its arguments; SQLite reports it as
    /// `code: message`, the code first, as the shared vectors name it.
    public struct FlakeSQLFunctionError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The machine-readable reason.
        public enum Code: String, Sendable, Hashable {
            /// The ID is a negative integer.
            case negative
            /// The ID is not an `INTEGER`.
            case notAnID = "not_an_id"
            /// The moment is before the layout's epoch.
            case beforeEpoch = "before_epoch"
            /// The moment is after the layout's last tick, or the ID has a bit set above the
            /// layout's fields (its timestamp would be past the last tick).
            case afterLastTick = "after_last_tick"
            /// The time is neither ISO 8601 text nor an integer.
            case invalidTime = "invalid_time"
            /// The layout argument names no preset.
            case unknownLayout = "unknown_layout"
            /// The function was called with no arguments or more than two.
            case wrongArgumentCount = "wrong_argument_count"
            /// The UUID is not text in the 8-4-4-4-12 form.
            case malformedUUID = "malformed_uuid"
            /// The UUID's version is not 7.
            case notVersion7 = "not_version_7"
            /// The UUID's variant bits are not `10`.
            case wrongVariant = "wrong_variant"
            /// The UUID's check bits do not match: no MiniFlake ID made it.
            case checksumMismatch = "checksum_mismatch"
            /// The UUID's time is not its ID's time.
            case timeMismatch = "time_mismatch"
        }

        /// The reason.
        public let code: Code
        /// What was wrong, for a person.
        public let message: String

        init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }

        /// The error for a UUID `FlakeUUID` refused, with the same code.
        init(_ error: FlakeUUIDError) {
            self.init(Code(rawValue: error.code.rawValue) ?? .malformedUUID, error.message)
        }

        /// `code: message`, as SQLite shows it.
        public var description: String { "\(code.rawValue): \(message)" }
    }
#endif
