#if CLI
    import Foundation
    import MiniFlake
    import Testing

    @testable import miniflake

    /// The hand-written formatters agree with the core and with Foundation.
    @Suite struct ByteWriterTests {
        /// Writes with `body` into a scratch buffer and returns the text.
        func text(_ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
            ByteWriter.string(capacity: 64, body)
        }

        /// Edge values and a spread of random ones.
        static func samples() -> [UInt64] {
            var generator = SystemRandomNumberGenerator()
            var values: [UInt64] = [0, 1, 9, 10, 99, 100, 4_294_967_295, 4_294_967_296, 99_999_999, 100_000_000]
            values += [9_999_999_999_999_999, 10_000_000_000_000_000, UInt64(Int64.max), UInt64.max]
            for power in 0..<20 {
                let value = (0..<power).reduce(UInt64(1)) { result, _ in result * 10 }
                values += [value, value - 1, value + 1]
            }
            for bits in 1...64 {
                values.append(UInt64.random(in: 0...(UInt64.max >> UInt64(64 - bits)), using: &generator))
            }
            return values
        }

        /// Decimal output equals `String(_:)` at every digit count.
        @Test func decimalMatchesTheStandardLibrary() {
            for value in Self.samples() {
                #expect(text { ByteWriter.decimal(value, to: $0) } == String(value))
            }
            for value: Int64 in [0, -1, -9_223_372_036_854_775_808, 1_714_564_800_123, -1_714_564_800_123] {
                #expect(text { ByteWriter.decimal(value, to: $0) } == String(value))
            }
        }

        /// Hex and base32 output equal the core's `hexString` and `base32String`.
        @Test func hexAndBase32MatchTheCore() throws {
            for value in Self.samples() where value <= UInt64(Int64.max) {
                let id = try #require(FlakeID(rawValue: Int64(value)))
                #expect(text { ByteWriter.hex(value, to: $0) } == id.hexString)
                #expect(text { ByteWriter.base32(value, to: $0) } == id.base32String)
            }
        }

        /// The time cache writes what the formatter writes, whether the moment repeats or not.
        @Test func timeCacheMatches() {
            var cache = ISO8601TimeCache()
            for milliseconds: Int64 in [5, 5, 1_714_564_800_123, 1_714_564_800_123, 5, 253_402_300_800_000, 0] {
                #expect(
                    text { cache.write(millisecondsSince1970: milliseconds, to: $0) }
                        == ISO8601Time.string(millisecondsSince1970: milliseconds))
            }
        }

        /// Layout names are escaped as JSON strings.
        @Test func jsonQuoting() {
            #expect(JSONLineFormatter.quoted("miniflake") == "\"miniflake\"")
            #expect(JSONLineFormatter.quoted("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
        }

        /// Text larger than the buffer arrives whole and in order.
        @Test func outputBufferKeepsOrderAcrossFlushes() throws {
            let sink = CapturedOutput()
            let buffer = OutputBuffer(sink: sink, capacity: 256)
            var expected = ""
            for index in 0..<1000 {
                let line = "line \(index)\n"
                try buffer.append(line)
                expected += line
            }
            try buffer.append(String(repeating: "y", count: 1000))
            expected += String(repeating: "y", count: 1000)
            try buffer.flush()
            #expect(sink.text == expected)
        }

        /// Input lines lose surrounding blanks and nothing else.
        @Test func trimming() {
            #expect(IDSource.trimmed("  12\t\r") == "12")
            #expect(IDSource.trimmed(" \t ") == "")
            #expect(IDSource.trimmed("a b") == "a b")
            #expect(IDSource.trimmed(" 5 \r\n") == "5")
            #expect(IDSource.trimmed("\r\n") == "")
            #expect(IDSource.trimmed(" é\u{301} ") == "é\u{301}")
        }
    }
#endif
