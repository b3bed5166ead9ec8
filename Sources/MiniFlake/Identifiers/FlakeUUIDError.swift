/// Why a UUID is not one that ``FlakeUUID`` makes, or why an identifier has no UUID.
///
/// A UUID that did not come from a ``FlakeID`` is refused, never guessed at: the first check
/// that fails, in the order of the codes below, names the reason.
public struct FlakeUUIDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for the reason, as the shared test vectors
    /// (`vectors/miniflake-ids.json`) list it. New codes may be added, so a `switch` over codes
    /// needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `malformed_uuid`: the text is not 32 hex digits in the 8-4-4-4-12 groups of a UUID,
        /// or there are not 16 bytes.
        public static let malformedUUID = Code("malformed_uuid")
        /// `not_version_7`: the UUID's version is not 7.
        public static let notVersion7 = Code("not_version_7")
        /// `wrong_variant`: the UUID's variant bits are not `10`, RFC 9562's variant.
        public static let wrongVariant = Code("wrong_variant")
        /// `unknown_layout`: the layout tag names no preset (a UUID), or the layout is not one of
        /// ``FlakeLayout/presets`` (an identifier).
        public static let unknownLayout = Code("unknown_layout")
        /// `checksum_mismatch`: the check bits do not match the identifier and layout tag, as in
        /// a random version-7 UUID or a changed one.
        public static let checksumMismatch = Code("checksum_mismatch")
        /// `after_last_tick`: the identifier has a bit set above the layout's fields.
        public static let afterLastTick = Code("after_last_tick")
        /// `time_mismatch`: the UUID's `unix_ts_ms` field is not the identifier's time.
        public static let timeMismatch = Code("time_mismatch")
    }

    /// Why the UUID or identifier was refused.
    public let code: Code
    /// One line for a person, saying what is wrong.
    public let message: String

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What is wrong.
    ///   - message: One line for a person.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// One line for a person, saying what is wrong.
    public var description: String { message }
}
