/// Writes numbers and identifiers as ASCII straight into memory: decimal, 16 lowercase hex
/// digits and 13 Crockford base32 symbols. Each function returns how many bytes it wrote.
///
/// The one writer of these forms: ``FlakeID``'s `description`, `hexString` and
/// `base32String`, the command line's output and the HTTP service's bodies all use it
/// (package access, not public API). Writing into a pointer lets a caller fill its own
/// buffer, such as a 64 KiB output block or a NIO `ByteBuffer`, without allocating.
package enum FlakeTextWriter {
    /// The most bytes ``decimal(_:to:)-(UInt64,_)`` or ``decimal(_:to:)-(Int64,_)`` writes.
    package static let maximumDecimalLength = 20
    /// The bytes ``hex(_:to:)`` writes.
    package static let hexLength = 16
    /// The bytes ``base32(_:to:)`` writes.
    package static let base32Length = 13

    /// "00" to "99", two bytes each.
    @inlinable
    package static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Lowercase hexadecimal digits.
    @inlinable
    package static var hexDigits: StaticString { "0123456789abcdef" }

    /// Crockford's base32 alphabet: digits and upper-case letters without I, L, O and U, in
    /// ASCII order, so fixed-width text sorts like the numbers it encodes.
    @inlinable
    package static var base32Digits: StaticString { "0123456789ABCDEFGHJKMNPQRSTVWXYZ" }

    /// Writes a number in decimal, without padding.
    ///
    /// Works in groups of eight digits so that most divisions are 32-bit ones.
    @inlinable @inline(__always)
    package static func decimal(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let group: UInt64 = 100_000_000
        if value < group {
            return decimal(UInt32(truncatingIfNeeded: value), to: out)
        }
        let low = UInt32(truncatingIfNeeded: value % group)
        let high = value / group
        var length: Int
        if high < group {
            length = decimal(UInt32(truncatingIfNeeded: high), to: out)
        } else {
            length = decimal(UInt32(truncatingIfNeeded: high / group), to: out)
            writeDigits(UInt32(truncatingIfNeeded: high % group), length: 8, to: out + length)
            length += 8
        }
        writeDigits(low, length: 8, to: out + length)
        return length + 8
    }

    /// Writes a number below 2^32 in decimal, without padding.
    @inlinable @inline(__always)
    package static func decimal(_ value: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var threshold: UInt32 = 10
        while length < 10, value >= threshold {
            length += 1
            threshold &*= 10
        }
        writeDigits(value, length: length, to: out)
        return length
    }

    /// Writes a signed number in decimal, with a `-` when negative.
    @inlinable @inline(__always)
    package static func decimal(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value >= 0 {
            return decimal(UInt64(value), to: out)
        }
        out[0] = UInt8(ascii: "-")
        return 1 + decimal(value.magnitude, to: out + 1)
    }

    /// Writes the last `length` decimal digits of a 32-bit number, zero-padded to `length`.
    @inlinable @inline(__always)
    package static func writeDigits(_ value: UInt32, length: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value
        var end = length
        while end >= 2 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            end -= 2
            out[end] = pairs[pair]
            out[end + 1] = pairs[pair + 1]
        }
        if end == 1 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        }
    }

    /// Writes 64 bits as 16 lowercase hexadecimal digits, zero-padded.
    @inlinable @inline(__always)
    package static func hex(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = hexDigits.utf8Start
        for index in 0..<16 {
            out[index] = digits[Int(truncatingIfNeeded: (value >> UInt64(60 - 4 * index)) & 0xF)]
        }
        return 16
    }

    /// Writes the low 64 bits as 13 Crockford base32 symbols, zero-padded (the first symbol
    /// carries the top 4 bits).
    @inlinable @inline(__always)
    package static func base32(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = base32Digits.utf8Start
        for index in 0..<13 {
            out[index] = digits[Int(truncatingIfNeeded: (value >> UInt64(60 - 5 * index)) & 0x1F)]
        }
        return 13
    }

    /// Copies a literal.
    @inlinable @inline(__always)
    package static func copy(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// Copies bytes.
    @inlinable @inline(__always)
    package static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        out.update(from: base, count: bytes.count)
        return bytes.count
    }

    /// Makes a string of at most `capacity` bytes written by `body`.
    @inlinable
    package static func string(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return body(base)
        }
    }
}
