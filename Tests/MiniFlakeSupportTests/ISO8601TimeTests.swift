import Foundation
import MiniFlake
import MiniFlakeSupport
import MiniFlakeTestSupport
import Testing

/// The package's ISO 8601 writer, shared by the command line and the HTTP service.
@Suite struct ISO8601TimeTests {
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
        var generator = SeededGenerator(seed: 0x5EED_1507)
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
}
