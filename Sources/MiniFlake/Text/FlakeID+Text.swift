extension FlakeID {
    /// The identifier as 16 lowercase hexadecimal digits, zero-padded.
    public var hexString: String {
        FlakeTextWriter.string(capacity: FlakeTextWriter.hexLength) {
            FlakeTextWriter.hex(UInt64(bitPattern: rawValue), to: $0)
        }
    }

    /// The identifier as 13 upper-case Crockford base32 symbols, zero-padded.
    ///
    /// Shorter than decimal (19 digits) and case-insensitive to read back; strings of this
    /// format sort in the same order as the identifiers.
    public var base32String: String {
        FlakeTextWriter.string(capacity: FlakeTextWriter.base32Length) {
            FlakeTextWriter.base32(UInt64(bitPattern: rawValue), to: $0)
        }
    }

    /// Reads a decimal identifier: 1 to 19 ASCII digits, no sign, no spaces.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    @inlinable
    public init(decimal text: some StringProtocol) throws(FlakeParseError) {
        self = try Self.parse(text, format: .decimal)
    }

    /// Reads a hexadecimal identifier: 1 to 16 digits in either case, no prefix, no sign.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    @inlinable
    public init(hex text: some StringProtocol) throws(FlakeParseError) {
        self = try Self.parse(text, format: .hex)
    }

    /// Reads a Crockford base32 identifier: exactly 13 symbols, as ``base32String`` writes.
    ///
    /// As Crockford's specification says, letters may be in either case, `O` reads as `0`,
    /// `I` and `L` read as `1`, and hyphens between symbols are ignored. `U` and every other
    /// character are rejected, and so is a leading hyphen, which reads as a minus sign. Text
    /// with fewer or more than 13 symbols is rejected too (``FlakeParseError/Code/wrongSymbolCount``):
    /// short runs of letters are common words and typos, not identifiers.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    @inlinable
    public init(base32 text: some StringProtocol) throws(FlakeParseError) {
        self = try Self.parse(text, format: .base32)
    }

    /// Why bytes did not parse: a reason, or `nil` for the invalid character at `offset`.
    struct ParseFailure: Error {
        let reason: FlakeParseError.Detail?
        let offset: Int
    }

    /// Parses text in a format: the text's UTF-8 bytes go to a non-generic parser, so callers
    /// in other modules do not run generic string code per character.
    @usableFromInline
    static func parse(_ text: some StringProtocol, format: FlakeTextFormat) throws(FlakeParseError) -> FlakeID {
        var string = String(text)
        let outcome = string.withUTF8 { bytes in
            switch format {
            case .decimal: parseDecimal(bytes)
            case .hex: parseHex(bytes)
            case .base32: parseBase32(bytes)
            }
        }
        switch outcome {
        case .success(let value):
            return FlakeID(unchecked: value)
        case .failure(let failure):
            guard let reason = failure.reason else {
                throw invalidCharacter(in: text, at: failure.offset, format: format)
            }
            throw FlakeParseError(format: format, input: text, detail: reason)
        }
    }

    /// The checks decimal and hex share: not empty, no sign, not too long.
    private static func checkShape(_ bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int) -> ParseFailure? {
        guard let first = bytes.first else { return ParseFailure(reason: .empty, offset: 0) }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            return ParseFailure(reason: .signNotAllowed, offset: 0)
        }
        // Text of non-ASCII characters is left to the digit check, which names the character.
        // A long run of leading zeros is still a number, but no format writes one.
        if bytes.count > maximumLength, bytes.allSatisfy({ $0 < 0x80 }) {
            return ParseFailure(reason: .tooLong(length: bytes.count, maximum: maximumLength), offset: 0)
        }
        return nil
    }

    private static func parseDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, ParseFailure> {
        if let failure = checkShape(bytes, maximumLength: 19) { return .failure(failure) }
        var value: Int64 = 0
        for (offset, byte) in bytes.enumerated() {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return .failure(ParseFailure(reason: nil, offset: offset)) }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflowA, !overflowB else { return .failure(ParseFailure(reason: .overflow, offset: offset)) }
            value = sum
        }
        return .success(value)
    }

    private static func parseHex(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, ParseFailure> {
        if let failure = checkShape(bytes, maximumLength: 16) { return .failure(failure) }
        var value: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: return .failure(ParseFailure(reason: nil, offset: offset))
            }
            value = value &<< 4 | UInt64(nibble)
        }
        guard value <= UInt64(Int64.max) else { return .failure(ParseFailure(reason: .overflow, offset: 0)) }
        return .success(Int64(value))
    }

    private static func parseBase32(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, ParseFailure> {
        // Hyphens separate groups of symbols; a leading one reads as a minus sign.
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
            return .failure(ParseFailure(reason: .signNotAllowed, offset: 0))
        }
        // Every character is checked before the count, and the count before the value.
        var value: UInt64 = 0
        var symbols = 0
        var overflow = false
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "-") { continue }
            let symbol = base32Values[Int(byte)]
            guard symbol != 0xFF else { return .failure(ParseFailure(reason: nil, offset: offset)) }
            symbols += 1
            // 13 symbols carry 65 bits; anything above 63 is an overflow.
            overflow = overflow || value &>> 58 != 0
            value = value &<< 5 | UInt64(symbol)
        }
        guard symbols > 0 else { return .failure(ParseFailure(reason: .empty, offset: 0)) }
        let required = FlakeTextWriter.base32Length
        guard symbols == required else {
            return .failure(ParseFailure(reason: .wrongSymbolCount(count: symbols, required: required), offset: 0))
        }
        guard !overflow, value <= UInt64(Int64.max) else {
            return .failure(ParseFailure(reason: .overflow, offset: 0))
        }
        return .success(Int64(value))
    }

    /// The value of every byte under Crockford's decoding rules, 0xFF where a byte is not a
    /// symbol: either case, `O` as 0, `I` and `L` as 1.
    static let base32Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = FlakeTextWriter.base32Digits
        let symbols = UnsafeBufferPointer(start: alphabet.utf8Start, count: alphabet.utf8CodeUnitCount)
        for (value, symbol) in symbols.enumerated() {
            table[Int(symbol)] = UInt8(value)
            table[Int(symbol | 0x20)] = UInt8(value)  // lower case; digits are unchanged
        }
        for (alias, value) in [("O", 0), ("I", 1), ("L", 1)] as [(Unicode.Scalar, UInt8)] {
            table[Int(alias.value)] = value
            table[Int(alias.value | 0x20)] = value
        }
        return table
    }()

    /// The error for the character that holds the byte at `offset` of the text's UTF-8.
    static func invalidCharacter(
        in text: some StringProtocol, at offset: Int, format: FlakeTextFormat
    ) -> FlakeParseError {
        var bytesSeen = 0
        var position = 0
        for character in text {
            position += 1
            bytesSeen += character.utf8.count
            if bytesSeen > offset {
                return FlakeParseError(
                    format: format, input: text, detail: .invalidCharacter(character, position: position))
            }
        }
        return FlakeParseError(format: format, input: text, detail: .empty)
    }
}
