#if CLI
    /// Writes a moment as ISO 8601 UTC with milliseconds, `2024-05-01T12:00:00.123Z`,
    /// computed from milliseconds since 1970 with no calendar or time zone library.
    enum ISO8601Time {
        /// The most bytes ``write(millisecondsSince1970:to:)`` writes.
        static let maximumLength = 32

        private static let millisecondsPerDay: Int64 = 86_400_000

        /// Writes the moment; years outside 0...9999 get a sign and as many digits as needed.
        @inline(__always)
        static func write(millisecondsSince1970 milliseconds: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
            // Floor division, so moments before 1970 land on the right day.
            var days = milliseconds / millisecondsPerDay
            var inDay = milliseconds % millisecondsPerDay
            if inDay < 0 {
                days -= 1
                inDay += millisecondsPerDay
            }
            let (year, month, day) = civilDate(daysSince1970: days)
            var length = 0
            if (0...9999).contains(year) {
                ByteWriter.writeDigits(UInt64(year), length: 4, to: out)
                length = 4
            } else {
                out[0] = year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                length = 1 + ByteWriter.decimal(year.magnitude, to: out + 1)
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

        /// Writes a separator and a zero-padded number.
        @inline(__always)
        private static func field(
            _ separator: UInt8, _ value: UInt64, digits: Int, to out: UnsafeMutablePointer<UInt8>
        ) -> Int {
            out[0] = separator
            ByteWriter.writeDigits(value, length: digits, to: out + 1)
            return 1 + digits
        }

        /// The moment as a string.
        static func string(millisecondsSince1970 milliseconds: Int64) -> String {
            ByteWriter.string(capacity: maximumLength) { write(millisecondsSince1970: milliseconds, to: $0) }
        }

        /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
        /// `civil_from_days`).
        @inline(__always)
        static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
            let shifted = days + 719_468  // days since 0000-03-01
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthFromMarch = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
            let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
            let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            return (year, month, day)
        }
    }
#endif
