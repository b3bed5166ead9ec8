extension FlakeUUID {
    /// The UUID's 16 bytes, most significant first, as RFC 9562 writes them.
    public var bytes: [UInt8] {
        (0..<16).map { index in
            let word = index < 8 ? high : low
            return UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * (index % 8)))
        }
    }

    /// The canonical text: 32 lowercase hex digits in groups of 8-4-4-4-12, such as
    /// `0193ed5a-c000-70c3-a000-0000000000b9`. Strings of one layout sort as their identifiers.
    public var uuidString: String {
        Self.string(high: high, low: low)
    }

    /// Reads a UUID from its 16 bytes, most significant first.
    ///
    /// - Throws: ``FlakeUUIDError/Code/malformedUUID`` unless there are exactly 16 bytes;
    ///   otherwise as ``init(high:low:)``.
    public init(bytes: some Collection<UInt8>) throws(FlakeUUIDError) {
        guard bytes.count == 16 else {
            throw FlakeUUIDError(.malformedUUID, message: "a UUID has 16 bytes, not \(bytes.count)")
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 {
                high = high << 8 | UInt64(byte)
            } else {
                low = low << 8 | UInt64(byte)
            }
        }
        try self.init(high: high, low: low)
    }

    /// Reads a UUID's canonical text: 32 hex digits in either case, grouped 8-4-4-4-12 by
    /// hyphens, nothing around them.
    ///
    /// - Throws: ``FlakeUUIDError/Code/malformedUUID`` for any other text; otherwise as
    ///   ``init(high:low:)``.
    public init(parsing text: some StringProtocol) throws(FlakeUUIDError) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else {
            let why =
                text.count == 36
                ? "it holds a character that is not a hex digit" : "it has \(text.count) characters, a UUID has 36"
            throw Self.malformed(text, why)
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for (offset, byte) in utf8.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else {
                    throw Self.malformed(text, "character \(offset + 1) must be a hyphen")
                }
                continue
            }
            guard let nibble = Self.hexValue(byte) else {
                throw Self.malformed(text, "character \(offset + 1) is not a hex digit")
            }
            if digits < 16 {
                high = high << 4 | UInt64(nibble)
            } else {
                low = low << 4 | UInt64(nibble)
            }
            digits += 1
        }
        try self.init(high: high, low: low)
    }

    /// The 8-4-4-4-12 text of two halves, lowercase, whether or not they are a valid UUID.
    package static func string(high: UInt64, low: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if [8, 12, 16, 20].contains(index) {
                bytes.append(UInt8(ascii: "-"))
            }
            let word = index < 16 ? high : low
            bytes.append(digits[Int(word >> UInt64(60 - 4 * (index % 16)) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func malformed(_ text: some StringProtocol, _ why: String) -> FlakeUUIDError {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
        return FlakeUUIDError(.malformedUUID, message: "invalid UUID '\(shown)': \(why)")
    }
}
