/// The ticks a process may issue right now, and where it is within them: what the issuing fast
/// path reads and changes under the issuer's mutex.
struct IssuingWindow: Sendable {
    /// The last counter issued (`tick << sequenceBits | sequence`), or just below the window's
    /// first tick.
    var lastCounter: UInt64
    /// The first tick past the window: the mark stored for it.
    var endTick: Int64
    /// The instance number identifiers are made with.
    var instance: Int
    /// The instance number shifted into place.
    var instanceField: Int64

    /// No window: every call reserves one first.
    static let empty = IssuingWindow(lastCounter: 0, endTick: 0, instance: 0, instanceField: 0)

    /// Takes `count` consecutive counters at or after `now`, or returns `nil` when they would
    /// reach the window's end.
    @inline(__always)
    mutating func take(_ count: UInt64, now: Int64, sequenceBits: UInt64) -> UInt64? {
        let first = max(lastCounter &+ 1, UInt64(now) &<< sequenceBits)
        let last = first &+ (count &- 1)
        guard Int64(last &>> sequenceBits) < endTick else { return nil }
        lastCounter = last
        return first
    }

    /// Moves to a window `[start, end)` just reserved: the same number carries on from where
    /// it was (never below), another number starts at `start`.
    mutating func install(start: Int64, end: Int64, instance: Int, instanceShift: Int, sequenceBits: UInt64) {
        let floor = UInt64(start) &<< sequenceBits &- 1
        lastCounter = instance == self.instance && endTick > 0 ? max(lastCounter, floor) : floor
        endTick = end
        self.instance = instance
        instanceField = Int64(instance) << Int64(instanceShift)
    }
}
