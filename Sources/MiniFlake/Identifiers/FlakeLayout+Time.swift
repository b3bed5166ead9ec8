#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FlakeLayout {
    /// The smallest identifier of the tick that holds a moment: its timestamp with sequence 0
    /// and instance number 0. Every identifier made at or after the start of that tick is at
    /// least this one, and every identifier of an earlier tick is smaller, so
    /// `id >= firstID(at: start) && id < firstID(at: end)` selects the identifiers made in
    /// `start..<end` (for moments on tick boundaries, such as whole seconds) from a primary-key
    /// index.
    ///
    /// - Parameter millisecondsSince1970: The moment, in milliseconds since 1970-01-01T00:00:00Z.
    /// - Throws: ``FlakeError/Code/timestampOutOfRange``, with a
    ///   negative value for a moment before the epoch and a value above the maximum for one
    ///   after ``lastMillisecondsSince1970``.
    public func firstID(atMillisecondsSince1970 millisecondsSince1970: Int64) throws(FlakeError) -> FlakeID {
        try compose(millisecondsSince1970: millisecondsSince1970, sequence: 0, instanceNumber: 0)
    }

    /// The smallest identifier of the tick that holds a date; see
    /// ``firstID(atMillisecondsSince1970:)``. The date is floored to its millisecond.
    ///
    /// - Throws: ``FlakeError/Code/timestampOutOfRange`` for a date outside the layout's
    ///   time.
    public func firstID(at date: Date) throws(FlakeError) -> FlakeID {
        try firstID(atMillisecondsSince1970: date.millisecondsSince1970)
    }

    /// The identifiers made from `start` up to, not including, `end`: the half-open range
    /// from ``firstID(at:)`` of `start` to ``firstID(at:)`` of `end`, for a query such as
    /// `WHERE id >= lower AND id < upper` that a primary-key index answers. An `end` before
    /// `start` gives an empty range.
    ///
    /// ```swift
    /// let march = try FlakeLayout.miniFlake.ids(from: marchFirst, to: aprilFirst)
    /// // SELECT * FROM notes WHERE id >= march.lowerBound AND id < march.upperBound
    /// ```
    ///
    /// - Throws: ``FlakeError/Code/timestampOutOfRange`` when either date is outside the
    ///   layout's time.
    public func ids(from start: Date, to end: Date) throws(FlakeError) -> Range<FlakeID> {
        let lower = try firstID(at: start)
        let upper = try firstID(at: end)
        return lower..<Swift.max(lower, upper)
    }

}
