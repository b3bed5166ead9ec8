extension FlakeLayout {
    /// Reads `clock` as ticks since this layout's epoch, refusing readings the layout cannot
    /// hold. The one place every generator turns the clock into a tick (the short path of
    /// ``FlakeMaker`` apart, which compares readings without converting them).
    ///
    /// - Throws: ``FlakeError/Code/clockBeforeEpoch``
    ///   for a reading before the epoch, ``FlakeError/Code/timestampOverflow``
    ///   for one past the layout's last tick.
    @inlinable @inline(__always)
    package func currentTick(of clock: FlakeClock) throws(FlakeError) -> Int64 {
        let milliseconds = clock.millisecondsSince1970()
        let tick: Int64
        if tickMilliseconds == 1 {
            let (difference, overflow) = milliseconds.subtractingReportingOverflow(epochMillisecondsSince1970)
            tick = overflow ? (milliseconds < 0 ? -1 : .max) : difference
        } else {
            tick = self.tick(millisecondsSince1970: milliseconds)
        }
        guard tick >= 0 else {
            throw .clockBeforeEpoch(
                millisecondsSince1970: milliseconds, epochMillisecondsSince1970: epochMillisecondsSince1970)
        }
        guard tick <= maximumTick else {
            throw .timestampOverflow(tick: tick, maximumTick: maximumTick)
        }
        return tick
    }
}
