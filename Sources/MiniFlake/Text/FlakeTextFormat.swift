/// The ways a ``FlakeID`` can be written as text.
///
/// Each format round-trips every identifier exactly: `try format.parse(format.format(id)) == id`.
public enum FlakeTextFormat: String, Sendable, Hashable, CaseIterable {
    /// Base 10 with no padding, as `description` writes it: `960471290085376007`.
    case decimal
    /// 16 lowercase hexadecimal digits, zero-padded: `0d54478cae800007`.
    case hex
    /// 13 upper-case Crockford base32 symbols, zero-padded, so text order is numeric order:
    /// `0TN27HJQ80007`.
    case base32

    /// The most characters a parser of this format accepts (hyphens in base32 not counted);
    /// base32 takes exactly this many.
    public var maximumLength: Int {
        switch self {
        case .decimal: 19
        case .hex: 16
        case .base32: 13
        }
    }

    /// Writes an identifier in this format.
    public func format(_ id: FlakeID) -> String {
        switch self {
        case .decimal: id.description
        case .hex: id.hexString
        case .base32: id.base32String
        }
    }

    /// Reads an identifier written in this format.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    public func parse(_ text: some StringProtocol) throws(FlakeParseError) -> FlakeID {
        switch self {
        case .decimal: try FlakeID(decimal: text)
        case .hex: try FlakeID(hex: text)
        case .base32: try FlakeID(base32: text)
        }
    }
}
