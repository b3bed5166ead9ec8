#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Date {
    /// The date at a whole number of milliseconds since 1970-01-01T00:00:00Z.
    package init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The date in whole milliseconds since 1970, floored: the one conversion from `Date` to
    /// milliseconds in the package. A date made from whole milliseconds reads back exactly
    /// (a `Double` of seconds is not exact, so a reading within a microsecond of a whole
    /// millisecond is taken as that millisecond). Dates too far out for an `Int64`, or not
    /// finite, are clamped, so that they are refused as out of range, not trapped on.
    package var millisecondsSince1970: Int64 {
        let exact = timeIntervalSince1970 * 1000
        let nearest = exact.rounded()
        let milliseconds = abs(exact - nearest) < 0.001 ? nearest : exact.rounded(.down)
        guard milliseconds.isFinite else { return milliseconds > 0 ? .max : .min }
        if milliseconds >= 9.2e18 { return .max }
        if milliseconds <= -9.2e18 { return .min }
        return Int64(milliseconds)
    }
}
