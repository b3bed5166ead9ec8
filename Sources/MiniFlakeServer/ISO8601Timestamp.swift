#if Server
    import Hummingbird

    /// Writes moments as ISO 8601 UTC text with milliseconds, `2024-05-01T12:00:00.123Z`, straight
    /// into a byte buffer, with no calendar or formatter objects.
    enum ISO8601Timestamp {
        private static let millisecondsPerDay: Int64 = 86_400_000

        /// Appends the moment, given in milliseconds since 1970; years past 9999 (or before 0)
        /// get a sign and as many digits as they need.
        static func write(millisecondsSince1970 milliseconds: Int64, to buffer: inout ByteBuffer) {
            // Split into whole days and the time within the day, flooring for moments before 1970.
            let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: millisecondsPerDay)
            let days = remainder < 0 ? quotient - 1 : quotient
            let timeOfDay = UInt64(remainder < 0 ? remainder + millisecondsPerDay : remainder)
            let date = gregorianDate(daysSince1970: days)
            if (0...9999).contains(date.year) {
                buffer.writePaddedDecimal(UInt64(date.year), digits: 4)
            } else {
                buffer.writeInteger(date.year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                if date.year.magnitude < 10_000 {
                    buffer.writePaddedDecimal(date.year.magnitude, digits: 4)
                } else {
                    buffer.writeDecimal(date.year.magnitude)
                }
            }
            // The rest has a fixed width: -MM-DDTHH:MM:SS.mmmZ, 20 bytes written in one go.
            let seconds = timeOfDay / 1000
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 20) { bytes in
                func put(_ separator: UInt8, _ value: UInt64, at offset: Int, digits: Int) {
                    bytes[offset] = separator
                    var rest = value
                    for position in stride(from: offset + digits, to: offset, by: -1) {
                        bytes[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                        rest /= 10
                    }
                }
                put(UInt8(ascii: "-"), UInt64(date.month), at: 0, digits: 2)
                put(UInt8(ascii: "-"), UInt64(date.day), at: 3, digits: 2)
                put(UInt8(ascii: "T"), seconds / 3600, at: 6, digits: 2)
                put(UInt8(ascii: ":"), seconds / 60 % 60, at: 9, digits: 2)
                put(UInt8(ascii: ":"), seconds % 60, at: 12, digits: 2)
                put(UInt8(ascii: "."), timeOfDay % 1000, at: 15, digits: 3)
                bytes[19] = UInt8(ascii: "Z")
                return 20
            }
        }

        /// The moment as a string, for tests and logs.
        static func string(millisecondsSince1970 milliseconds: Int64) -> String {
            var buffer = ByteBuffer()
            write(millisecondsSince1970: milliseconds, to: &buffer)
            return String(buffer: buffer)
        }

        /// The proleptic Gregorian calendar date of a day numbered from 1970-01-01.
        ///
        /// Counts in 400-year cycles of 146,097 days that start on 1 March, so the leap day is the
        /// last day of a counted year and needs no special case.
        static func gregorianDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
            let daysSinceMarchYear0 = daysSince1970 + 719_468
            let cycle = (daysSinceMarchYear0 >= 0 ? daysSinceMarchYear0 : daysSinceMarchYear0 - 146_096) / 146_097
            let dayOfCycle = daysSinceMarchYear0 - cycle * 146_097  // 0...146_096
            let yearOfCycle =
                (dayOfCycle - dayOfCycle / 1_460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365  // 0...399
            let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)  // 0...365
            let monthIndex = (5 * dayOfYear + 2) / 153  // 0 is March, 11 is February
            let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
            return (year, month, day)
        }
    }
#endif
