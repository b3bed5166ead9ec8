/// Text that could not be read as a ``FlakeID``, and why.
public struct FlakeParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the text.
    public enum Reason: Sendable, Hashable {
        /// The text was empty.
        case empty
        /// The text had more characters than the format allows.
        case tooLong(length: Int, maximum: Int)
        /// The text started with `+` or `-`; identifiers carry no sign.
        case signNotAllowed
        /// A character that the format does not use, at a 1-based position.
        case invalidCharacter(Character, position: Int)
        /// The value does not fit in 63 bits (it is above `Int64.max`).
        case overflow
        /// Base32 text with more or fewer symbols (hyphens aside) than the `required` 13, so
        /// that a typo or a truncated paste is not read as another identifier.
        case wrongSymbolCount(count: Int, required: Int)
    }

    /// The format the text was read as.
    public let format: FlakeTextFormat
    /// The text that was rejected, shortened to 40 characters.
    public let input: String
    /// What was wrong with it.
    public let reason: Reason

    /// Describes a rejected text.
    public init(format: FlakeTextFormat, input: some StringProtocol, reason: Reason) {
        self.format = format
        self.input = input.count > 40 ? String(input.prefix(40)) + "…" : String(input)
        self.reason = reason
    }

    /// A stable, machine-readable name for the reason, as the shared test vectors
    /// (`vectors/miniflake-ids.json`) list it: `empty`, `too_long`, `sign_not_allowed`,
    /// `invalid_character`, `overflow` or `wrong_symbol_count`.
    public var code: String {
        switch reason {
        case .empty: "empty"
        case .tooLong: "too_long"
        case .signNotAllowed: "sign_not_allowed"
        case .invalidCharacter: "invalid_character"
        case .overflow: "overflow"
        case .wrongSymbolCount: "wrong_symbol_count"
        }
    }

    /// One line for a person: the format, the text and what is wrong with it.
    public var description: String {
        let what: String
        switch reason {
        case .empty:
            what = "it is empty"
        case .tooLong(let length, let maximum):
            what = "it has \(length) characters, at most \(maximum) allowed"
        case .signNotAllowed:
            what = "an ID has no sign"
        case .invalidCharacter(let character, let position):
            let shown =
                character.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
                ? character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                    .joined()
                : String(character)
            what = "'\(shown)' at position \(position) is not a \(format.rawValue) digit"
        case .overflow:
            what = "it is larger than the largest ID, \(Int64.max)"
        case .wrongSymbolCount(let count, let required):
            what = "\(count) symbol\(count == 1 ? "" : "s"), a \(format.rawValue) ID has \(required)"
        }
        return "invalid \(format.rawValue) ID '\(input)': \(what)"
    }
}
