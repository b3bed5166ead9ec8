#if Server
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The value of an HTTP `Date` header (an IMF-fixdate, such as
    /// `Wed, 25 Nov 2026 22:45:37 GMT`), formatted once a second and reused in between.
    ///
    /// Each connection keeps one in its ``NewIDAnswer``, so no lock is needed.
    struct HTTPDateHeader {
        private var second = -1
        private var text = ""

        private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        private static let months = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ]

        /// The header for the current second of the system clock.
        mutating func now() -> String {
            value(secondsSince1970: time(nil))
        }

        /// The header for a moment, in whole seconds since 1970 (UTC).
        mutating func value(secondsSince1970: Int) -> String {
            if secondsSince1970 != second {
                second = secondsSince1970
                text = Self.format(secondsSince1970: secondsSince1970)
            }
            return text
        }

        /// Formats a moment as an IMF-fixdate (RFC 9110, section 5.6.7).
        static func format(secondsSince1970: Int) -> String {
            var seconds = time_t(secondsSince1970)
            var parts = tm()
            guard gmtime_r(&seconds, &parts) != nil else { return "" }
            func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let weekday = weekdays[Int(parts.tm_wday) % 7]
            let month = months[Int(parts.tm_mon) % 12]
            return "\(weekday), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
                + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
        }
    }
#endif
