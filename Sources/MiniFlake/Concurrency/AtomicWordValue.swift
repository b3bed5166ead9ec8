/// A value that fits in one ``AtomicWord``: 64 bits or fewer, converted without loss.
@usableFromInline
package protocol AtomicWordValue {
    /// The value as the word's bits.
    static func encodeAtomicWord(_ value: Self) -> UInt64
    /// The value that ``encodeAtomicWord(_:)`` turned into these bits.
    static func decodeAtomicWord(_ word: UInt64) -> Self
}

extension UInt64: AtomicWordValue {
    /// The value itself.
    @inlinable @inline(__always)
    package static func encodeAtomicWord(_ value: UInt64) -> UInt64 { value }
    /// The bits themselves.
    @inlinable @inline(__always)
    package static func decodeAtomicWord(_ word: UInt64) -> UInt64 { word }
}

extension Int64: AtomicWordValue {
    /// The value's two's-complement bits.
    @inlinable @inline(__always)
    package static func encodeAtomicWord(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) }
    /// The bits read as two's complement.
    @inlinable @inline(__always)
    package static func decodeAtomicWord(_ word: UInt64) -> Int64 { Int64(bitPattern: word) }
}

extension Int: AtomicWordValue {
    /// The value, sign-extended to 64 bits.
    @inlinable @inline(__always)
    package static func encodeAtomicWord(_ value: Int) -> UInt64 { UInt64(bitPattern: Int64(value)) }
    /// The low bits that fit an `Int` (all 64 on 64-bit platforms).
    @inlinable @inline(__always)
    package static func decodeAtomicWord(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word) }
}

extension Bool: AtomicWordValue {
    /// 1 for true, 0 for false.
    @inlinable @inline(__always)
    package static func encodeAtomicWord(_ value: Bool) -> UInt64 { value ? 1 : 0 }
    /// Whether the word is not 0.
    @inlinable @inline(__always)
    package static func decodeAtomicWord(_ word: UInt64) -> Bool { word != 0 }
}
