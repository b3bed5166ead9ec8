/// Writes a moment as ISO 8601 UTC with milliseconds, `2024-05-01T12:00:00.123Z`, computed
/// from milliseconds since 1970 with no calendar or time zone library.
///
/// Shared by the package's command line and HTTP service (package access, not public API).
package enum ISO8601Time {
    /// The most bytes ``write(millisecondsSince1970:to:)`` writes.
    package static let maximumLength = 32

    /// Writes the moment and returns how many bytes it wrote, at most ``maximumLength``;
    /// years outside 0...9999 get a sign and as many digits as needed.
    @inlinable
    package static func write(millisecondsSince1970 milliseconds: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // Floor division, so moments before 1970 land on the right day.
        let perDay: Int64 = 86_400_000
        var days = milliseconds / perDay
        var inDay = milliseconds % perDay
        if inDay < 0 {
            days -= 1
            inDay += perDay
        }
        let (year, month, day) = civilDate(daysSince1970: days)
        var length = 0
        if (0...9999).contains(year) {
            writeDigits(UInt64(year), length: 4, to: out)
            length = 4
        } else {
            out[0] = year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            var digits = 4
            var rest = year.magnitude / 10_000
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            writeDigits(year.magnitude, length: digits, to: out + 1)
            length = 1 + digits
        }
        let seconds = UInt64(inDay / 1000)
        length += field(UInt8(ascii: "-"), UInt64(month), digits: 2, to: out + length)
        length += field(UInt8(ascii: "-"), UInt64(day), digits: 2, to: out + length)
        length += field(UInt8(ascii: "T"), seconds / 3600, digits: 2, to: out + length)
        length += field(UInt8(ascii: ":"), seconds / 60 % 60, digits: 2, to: out + length)
        length += field(UInt8(ascii: ":"), seconds % 60, digits: 2, to: out + length)
        length += field(UInt8(ascii: "."), UInt64(inDay % 1000), digits: 3, to: out + length)
        out[length] = UInt8(ascii: "Z")
        return length + 1
    }

    /// The moment as a string.
    package static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        String(unsafeUninitializedCapacity: maximumLength) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return write(millisecondsSince1970: milliseconds, to: base)
        }
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    ///
    /// Counts in 400-year eras of 146,097 days that start on 1 March, so the leap day is the
    /// last day of a counted year and needs no special case.
    @inlinable
    package static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097  // 0...146_096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365
        let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0 is March, 11 is February
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Writes a separator and a zero-padded number; returns the bytes written.
    @inlinable
    package static func field(_ separator: UInt8, _ value: UInt64, digits: Int, to out: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        out[0] = separator
        writeDigits(value, length: digits, to: out + 1)
        return 1 + digits
    }

    /// Writes the last `length` decimal digits of a number, zero-padded to `length`.
    @inlinable
    package static func writeDigits(_ value: UInt64, length: Int, to out: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var end = length
        while end > 0 {
            end -= 1
            out[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }
}
