extension ISO8601Time {
    /// Reads an ISO 8601 moment as milliseconds since 1970, or `nil` for text that is not one.
    ///
    /// Takes a date alone (`2026-03-01`, midnight UTC), or a date and a time of day
    /// (`2026-03-01T12:30`, `…T12:30:05`, `…T12:30:05.123456`), with `T`, `t` or a space
    /// between them, and a zone after the time: `Z`, `z`, `+01:00`, `-0530`, or none for UTC
    /// (the form SQLite's own `datetime()` writes). Fractions beyond milliseconds are dropped
    /// (floored). Years are 4 digits, 0000 to 9999.
    package static func millisecondsSince1970(parsing text: some StringProtocol) -> Int64? {
        var reader = Reader(bytes: Array(text.utf8))
        return reader.moment()
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`), the inverse of ``civilDate(daysSince1970:)``.
    package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A cursor over the text's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        /// The whole text as a moment, or `nil`.
        mutating func moment() -> Int64? {
            guard let year = number(digits: 4), skip("-"), let month = number(digits: 2), skip("-"),
                let day = number(digits: 2), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day)
            else { return nil }
            var milliseconds = ISO8601Time.daysSince1970(year: year, month: month, day: day) * 86_400_000
            guard position < bytes.count else { return milliseconds }
            guard skip("T") || skip("t") || skip(" ") else { return nil }
            guard let hour = number(digits: 2), skip(":"), let minute = number(digits: 2), hour <= 23, minute <= 59
            else { return nil }
            milliseconds += (hour * 60 + minute) * 60_000
            if skip(":") {
                guard let second = number(digits: 2), second <= 59 else { return nil }
                milliseconds += second * 1000
                if skip(".") || skip(",") {
                    guard let fraction = fractionMilliseconds() else { return nil }
                    milliseconds += fraction
                }
            }
            guard let offset = zoneOffsetMinutes(), position == bytes.count else { return nil }
            return milliseconds - offset * 60_000
        }

        /// The zone: none or `Z` is 0; `+HH:MM`, `+HHMM` or `+HH` (or `-`) in minutes east.
        mutating func zoneOffsetMinutes() -> Int64? {
            if position == bytes.count || skip("Z") || skip("z") { return 0 }
            let sign: Int64
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2), hours <= 23 else { return nil }
            var minutes: Int64 = 0
            if position < bytes.count {
                _ = skip(":")
                guard let value = number(digits: 2), value <= 59 else { return nil }
                minutes = value
            }
            return sign * (hours * 60 + minutes)
        }

        /// 1 to 9 fraction digits, as whole milliseconds (floored).
        mutating func fractionMilliseconds() -> Int64? {
            var digits = 0
            var value: Int64 = 0
            while position < bytes.count, let digit = digit(bytes[position]) {
                guard digits < 9 else { return nil }
                if digits < 3 { value = value * 10 + digit }
                digits += 1
                position += 1
            }
            guard digits > 0 else { return nil }
            while digits < 3 {
                value *= 10
                digits += 1
            }
            return value
        }

        /// Exactly `digits` ASCII digits as a number.
        mutating func number(digits: Int) -> Int64? {
            guard position + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<digits {
                guard let digit = digit(bytes[position + offset]) else { return nil }
                value = value * 10 + digit
            }
            position += digits
            return value
        }

        /// Moves past `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        func digit(_ byte: UInt8) -> Int64? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
        }

        func daysIn(_ month: Int64, of year: Int64) -> Int64 {
            switch month {
            case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }
    }
}
