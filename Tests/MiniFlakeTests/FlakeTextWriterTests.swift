import Foundation
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

/// The package's one writer of each text form agrees with the standard library, with a
/// plain reference encoder, and with the documented JSON.
@Suite struct FlakeTextWriterTests {
    /// Writes with `body` into a scratch buffer and returns the text.
    func text(_ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        FlakeTextWriter.string(capacity: 1024, body)
    }

    /// Edge values and a spread of seeded random ones.
    static func samples() -> [UInt64] {
        var random = SeededGenerator(seed: 0x5EED_0020)
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, 4_294_967_295, 4_294_967_296, 99_999_999, 100_000_000]
        values += [9_999_999_999_999_999, 10_000_000_000_000_000, UInt64(Int64.max), UInt64.max]
        for power in 0..<20 {
            let value = (0..<power).reduce(UInt64(1)) { result, _ in result * 10 }
            values += [value, value - 1, value + 1]
        }
        for bits in 1...64 {
            values.append(UInt64.random(in: 0...(UInt64.max >> UInt64(64 - bits)), using: &random))
        }
        return values
    }

    /// Base32 the slow way: five bits at a time from the top, 13 symbols.
    static func referenceBase32(_ value: UInt64) -> String {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        return String((0..<13).map { alphabet[Int((value >> UInt64(60 - 5 * $0)) & 31)] })
    }

    @Test("decimal equals String(_:) at every digit count, signed and unsigned")
    func decimalMatchesTheStandardLibrary() throws {
        for value in Self.samples() {
            #expect(text { FlakeTextWriter.decimal(value, to: $0) } == String(value))
            if value <= UInt64(Int64.max) {
                let id = try #require(FlakeID(rawValue: Int64(value)))
                #expect(id.description == String(value))
            }
        }
        for value: Int64 in [0, -1, -9_223_372_036_854_775_808, 1_714_564_800_123, -1_714_564_800_123] {
            #expect(text { FlakeTextWriter.decimal(value, to: $0) } == String(value))
        }
    }

    @Test("hex and base32 equal a plain reference encoding, and FlakeID's strings use them")
    func hexAndBase32() throws {
        for value in Self.samples() {
            let hex = String(value, radix: 16)
            #expect(text { FlakeTextWriter.hex(value, to: $0) } == String(repeating: "0", count: 16 - hex.count) + hex)
            #expect(text { FlakeTextWriter.base32(value, to: $0) } == Self.referenceBase32(value))
            if value <= UInt64(Int64.max) {
                let id = try #require(FlakeID(rawValue: Int64(value)))
                #expect(id.hexString == text { FlakeTextWriter.hex(value, to: $0) })
                #expect(id.base32String == Self.referenceBase32(value))
            }
        }
    }
}
