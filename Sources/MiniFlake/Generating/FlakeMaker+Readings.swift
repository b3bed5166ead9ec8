extension FlakeMaker {
    /// Whether a reading of the coarse clock shows that the precise clock has not reached
    /// `tick`: the coarse reading's tick plus the most it may lag (``coarseLagTicks``) is
    /// still below it. `false` for a reading out of the short path's range.
    @inlinable @inline(__always)
    final func preciseClockIsBefore(tick: Int64, coarse seconds: Int64, _ nanoseconds: Int64) -> Bool {
        isShortPathSecond(seconds) && elapsedTicks(seconds, nanoseconds) &+ coarseLagTicks < tick
    }

    /// Whether a reading's seconds (since 1970) are ones the short path issues in: after the
    /// epoch's second and before 2262 (``shortPathFirstSecond`` and ``shortPathSecondCount``),
    /// so that ``elapsedTicks(_:_:)`` and ``packedReading(_:_:)`` hold it. One comparison.
    @inlinable @inline(__always)
    final func isShortPathSecond(_ seconds: Int64) -> Bool {
        UInt64(bitPattern: seconds) &- shortPathFirstSecond < shortPathSecondCount
    }

    /// Whole ticks of 1 ms from the epoch to a reading, floored (negative before the epoch),
    /// for a reading before 2262, whose nanoseconds since 1970 fit in an `Int64`.
    @inlinable @inline(__always)
    final func elapsedTicks(_ seconds: Int64, _ nanoseconds: Int64) -> Int64 {
        let sinceEpoch = seconds &* 1_000_000_000 &+ nanoseconds &- epoch &* 1_000_000
        let quotient = sinceEpoch / 1_000_000
        return sinceEpoch < quotient &* 1_000_000 ? quotient &- 1 : quotient
    }

    /// A clock reading (seconds since 1970, before 2262, and nanoseconds within the second) as
    /// one number that orders as the reading does: the seconds above bit 30, the nanoseconds
    /// below.
    @inlinable @inline(__always)
    static func packedReading(_ second: UInt64, _ nanoseconds: Int64) -> UInt64 {
        second &<< 30 | UInt64(bitPattern: nanoseconds)
    }

    /// The moment a tick ends (where the next begins), as a packed reading.
    @usableFromInline
    final func tickEnd(_ tick: UInt64) -> UInt64 {
        let end = UInt64(bitPattern: epoch) &+ tick &+ 1
        let second = end / 1000
        return Self.packedReading(second, Int64(bitPattern: (end &- second &* 1000) &* 1_000_000))
    }
}
