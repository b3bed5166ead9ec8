import MiniFlake

/// Text that ``FlakeIDInput`` could not read as an ID: a format's parse error, a UUID's
/// refusal, or one that no form reads.
package struct FlakeIDInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the text was refused.
    package enum Reason: Sendable, Hashable {
        /// The form the text was read in refused it.
        case parse(FlakeParseError)
        /// The text has a UUID's shape but no ID made it.
        case uuid(FlakeUUIDError)
        /// No form reads it.
        case unrecognized
    }

    /// Why the text was refused.
    package let reason: Reason
    /// One line for a person.
    package let message: String

    /// A format's parse error.
    package init(_ error: FlakeParseError) {
        reason = .parse(error)
        message = error.message
    }

    /// A UUID's refusal.
    package init(_ error: FlakeUUIDError) {
        reason = .uuid(error)
        message = "\(error.code): \(error.message)"
    }

    /// A text that no form reads.
    package init(unrecognized text: some StringProtocol) {
        reason = .unrecognized
        message =
            "'\(FlakeParseError.shortened(text))' is not an ID: not decimal digits, 0x and hex digits (or 16 of them), 13 base32 symbols, or a UUID"
    }

    /// One line for a person.
    package var description: String { message }

    /// The snake_case code of the refusal: the parse error's or the UUID error's, or
    /// `malformed_id`.
    package var code: String {
        switch reason {
        case .parse(let error): error.code.rawValue
        case .uuid(let error): error.code.rawValue
        case .unrecognized: "malformed_id"
        }
    }
}
