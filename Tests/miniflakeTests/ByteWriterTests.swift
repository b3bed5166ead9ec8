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

        /// Hand-checked moments, leap days and the ends of the four-digit years.
        @Test func knownTimes() {
            let cases: [(Int64, String)] = [
                (0, "1970-01-01T00:00:00.000Z"),
                (1_462_015_105_796, "2016-04-30T11:18:25.796Z"),
                (1_714_564_800_123, "2024-05-01T12:00:00.123Z"),
                (951_782_400_000, "2000-02-29T00:00:00.000Z"),
                (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
                (-1, "1969-12-31T23:59:59.999Z"),
                (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
                (253_402_300_800_000, "+10000-01-01T00:00:00.000Z"),
            ]
            for (milliseconds, expected) in cases {
                #expect(ISO8601Time.string(millisecondsSince1970: milliseconds) == expected)
            }
        }

        /// Random moments from 1601 to 2200 agree with Foundation's UTC calendar.
        @Test func timesMatchFoundationsCalendar() throws {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            var generator = SystemRandomNumberGenerator()
            // 1601 to 2200, the range every preset layout can reach.
            for _ in 0..<2000 {
                let milliseconds = Int64.random(in: -11_644_473_600_000...7_258_118_400_000, using: &generator)
                let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let expected = String(
                    format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%03ldZ", parts.year ?? 0, parts.month ?? 0,
                    parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0,
                    Int(milliseconds - seconds * 1000))
                #expect(ISO8601Time.string(millisecondsSince1970: milliseconds) == expected, "\(milliseconds)")
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
