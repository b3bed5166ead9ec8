extension FlakeID {
    /// Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U, in
    /// ASCII order, so fixed-width text sorts like the numbers it encodes.
    static let base32Alphabet: [UInt8] = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    static let hexAlphabet: [UInt8] = Array("0123456789abcdef".utf8)

    /// The identifier as 16 lowercase hexadecimal digits, zero-padded.
    public var hexString: String {
        let value = UInt64(bitPattern: rawValue)
        return String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                let nibble = Int((value >> UInt64(60 - 4 * index)) & 0xF)
                buffer[index] = Self.hexAlphabet[nibble]
            }
            return 16
        }
    }

    /// The identifier as 13 upper-case Crockford base32 symbols, zero-padded.
    ///
    /// Shorter than decimal (19 digits) and case-insensitive to read back; strings of this
    /// format sort in the same order as the identifiers.
    public var base32String: String {
        let value = UInt64(bitPattern: rawValue)
        return String(unsafeUninitializedCapacity: 13) { buffer in
            for index in 0..<13 {
                let symbol = Int((value >> UInt64(60 - 5 * index)) & 0x1F)
                buffer[index] = Self.base32Alphabet[symbol]
            }
            return 13
        }
    }

    /// Reads a decimal identifier: 1 to 19 ASCII digits, no sign, no spaces.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    public init(decimal text: some StringProtocol) throws(FlakeParseError) {
        try Self.checkShape(of: text, format: .decimal)
        var value: Int64 = 0
        for (offset, byte) in text.utf8.enumerated() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw Self.invalidCharacter(in: text, at: offset, format: .decimal)
            }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else {
                throw FlakeParseError(format: .decimal, input: text, reason: .overflow)
            }
            value = sum
        }
        self.init(unchecked: value)
    }

    /// Reads a hexadecimal identifier: 1 to 16 digits in either case, no prefix, no sign.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    public init(hex text: some StringProtocol) throws(FlakeParseError) {
        try Self.checkShape(of: text, format: .hex)
        var value: UInt64 = 0
        for (offset, byte) in text.utf8.enumerated() {
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: throw Self.invalidCharacter(in: text, at: offset, format: .hex)
            }
            value = value << 4 | UInt64(nibble)
        }
        guard value <= UInt64(Int64.max) else {
            throw FlakeParseError(format: .hex, input: text, reason: .overflow)
        }
        self.init(unchecked: Int64(value))
    }

    /// Reads a Crockford base32 identifier: 1 to 13 symbols.
    ///
    /// As Crockford's specification says, letters may be in either case, `O` reads as `0`,
    /// `I` and `L` read as `1`, and hyphens are ignored. `U` and every other character are
    /// rejected.
    ///
    /// - Throws: ``FlakeParseError`` saying what is wrong with the text.
    public init(base32 text: some StringProtocol) throws(FlakeParseError) {
        let bytes = text.utf8
        // Hyphens separate groups of symbols; a leading one reads as a minus sign.
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
            throw FlakeParseError(format: .base32, input: text, reason: .signNotAllowed)
        }
        var value: UInt64 = 0
        var symbols = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "-") { continue }
            guard let symbol = Self.base32Value(of: byte) else {
                throw Self.invalidCharacter(in: text, at: offset, format: .base32)
            }
            symbols += 1
            guard symbols <= 13 else {
                let total = bytes.count { $0 != UInt8(ascii: "-") }
                throw FlakeParseError(
                    format: .base32, input: text, reason: .tooLong(length: total, maximum: 13))
            }
            // 13 symbols carry 65 bits; anything above 63 is an overflow.
            guard value >> 58 == 0 else {
                throw FlakeParseError(format: .base32, input: text, reason: .overflow)
            }
            value = value << 5 | UInt64(symbol)
        }
        guard symbols > 0 else {
            throw FlakeParseError(format: .base32, input: text, reason: .empty)
        }
        guard value <= UInt64(Int64.max) else {
            throw FlakeParseError(format: .base32, input: text, reason: .overflow)
        }
        self.init(unchecked: Int64(value))
    }

    /// The value of every byte under Crockford's decoding rules, 0xFF where a byte is not a
    /// symbol: either case, `O` as 0, `I` and `L` as 1.
    static let base32Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, symbol) in base32Alphabet.enumerated() {
            table[Int(symbol)] = UInt8(value)
            table[Int(symbol | 0x20)] = UInt8(value)  // lower case; digits are unchanged
        }
        for (alias, value) in [("O", 0), ("I", 1), ("L", 1)] as [(Unicode.Scalar, UInt8)] {
            table[Int(alias.value)] = value
            table[Int(alias.value | 0x20)] = value
        }
        return table
    }()

    /// The value of one base32 byte under Crockford's decoding rules, or `nil`.
    static func base32Value(of byte: UInt8) -> UInt8? {
        let value = base32Values[Int(byte)]
        return value == 0xFF ? nil : value
    }

    /// The checks every format shares: not empty, no sign, not too long.
    private static func checkShape(of text: some StringProtocol, format: FlakeTextFormat) throws(FlakeParseError) {
        let bytes = text.utf8
        guard let first = bytes.first else {
            throw FlakeParseError(format: format, input: text, reason: .empty)
        }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            throw FlakeParseError(format: format, input: text, reason: .signNotAllowed)
        }
        // Text of non-ASCII characters is left to the digit check, which names the character.
        if bytes.count > format.maximumLength, bytes.allSatisfy({ $0 < 0x80 }) {
            // A long run of leading zeros is still a valid number, but no format writes one.
            throw FlakeParseError(
                format: format, input: text, reason: .tooLong(length: bytes.count, maximum: format.maximumLength))
        }
    }

    /// The error for the character that holds the byte at `offset` of the text's UTF-8.
    private static func invalidCharacter(
        in text: some StringProtocol, at offset: Int, format: FlakeTextFormat
    ) -> FlakeParseError {
        var bytesSeen = 0
        var position = 0
        for character in text {
            position += 1
            bytesSeen += character.utf8.count
            if bytesSeen > offset {
                return FlakeParseError(
                    format: format, input: text, reason: .invalidCharacter(character, position: position))
            }
        }
        return FlakeParseError(format: format, input: text, reason: .empty)
    }
}
