/// Text that could not be read as a ``FlakeID``, and why.
public struct FlakeParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for what was wrong with the text, as the shared test
    /// vectors (`vectors/miniflake-ids.json`) list it. New codes may be added, so a `switch`
    /// over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `empty`: the text was empty.
        public static let empty = Code("empty")
        /// `too_long`: the text had more characters than the format allows.
        public static let tooLong = Code("too_long")
        /// `sign_not_allowed`: the text started with `+` or `-`; identifiers carry no sign.
        public static let signNotAllowed = Code("sign_not_allowed")
        /// `invalid_character`: a character that the format does not use.
        public static let invalidCharacter = Code("invalid_character")
        /// `overflow`: the value does not fit in 63 bits (it is above `Int64.max`).
        public static let overflow = Code("overflow")
        /// `wrong_symbol_count`: base32 text with more or fewer than 13 symbols (hyphens
        /// aside), so that a typo or a truncated paste is not read as another identifier.
        public static let wrongSymbolCount = Code("wrong_symbol_count")
    }

    /// What was wrong with the text, with the details the message shows.
    package enum Detail: Sendable, Hashable {
        case empty
        case tooLong(length: Int, maximum: Int)
        case signNotAllowed
        case invalidCharacter(Character, position: Int)
        case overflow
        case wrongSymbolCount(count: Int, required: Int)
    }

    /// What was wrong with the text.
    public let code: Code
    /// The format the text was read as.
    public let format: FlakeTextFormat
    /// The text that was rejected, shortened to 40 characters.
    public let input: String
    /// One line for a person: the format, the text and what is wrong with it.
    public let message: String

    /// Describes a rejected text.
    package init(format: FlakeTextFormat, input: some StringProtocol, detail reason: Detail) {
        let shown = Self.shortened(input)
        self.format = format
        self.input = shown
        self.code = Self.code(of: reason)
        self.message = "invalid \(format.rawValue) ID '\(shown)': \(Self.explanation(of: reason, format: format))"
    }

    /// One line for a person: the format, the text and what is wrong with it.
    public var description: String { message }

    /// A refused text as a message quotes it: its first 40 characters, and `…` when it is longer.
    package static func shortened(_ text: some StringProtocol) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
    }

    private static func code(of reason: Detail) -> Code {
        switch reason {
        case .empty: .empty
        case .tooLong: .tooLong
        case .signNotAllowed: .signNotAllowed
        case .invalidCharacter: .invalidCharacter
        case .overflow: .overflow
        case .wrongSymbolCount: .wrongSymbolCount
        }
    }

    private static func explanation(of reason: Detail, format: FlakeTextFormat) -> String {
        switch reason {
        case .empty:
            return "it is empty"
        case .tooLong(let length, let maximum):
            return "it has \(length) characters, at most \(maximum) allowed"
        case .signNotAllowed:
            return "an ID has no sign"
        case .invalidCharacter(let character, let position):
            let shown =
                character.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
                ? character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                    .joined()
                : String(character)
            return "'\(shown)' at position \(position) is not a \(format.rawValue) digit"
        case .overflow:
            return "it is larger than the largest ID, \(Int64.max)"
        case .wrongSymbolCount(let count, let required):
            return "\(count) symbol\(count == 1 ? "" : "s"), a \(format.rawValue) ID has \(required)"
        }
    }
}
