/// How many ticks the device issuer's next reservation covers, sized by the demand it has seen:
/// the smallest at first and after a pause, doubling while windows run out as identifiers are
/// drawn quickly, up to the configured ``DeviceFlakeIssuer/Configuration/reservation``.
///
/// The mark is raised by what a reservation covers before a single identifier is issued under
/// it, so a process that is killed (or exits without `close()`) leaves the mark at the end of its
/// last reservation. Small first reservations keep an app that launches often, and issues a few
/// identifiers each time, at the clock; a process that draws many grows its reservations, so it
/// still writes the state file about once per `reservation` of identifiers' time.
///
/// The clock moves on while the state file is written and `fsync`ed, so the time the last
/// reservation took does not count as a pause. A window that the clock passed while it was being
/// reserved is retried twice as large by the issuing call (`minimum`); windows are never padded
/// by the write's time in advance, since a window's unused rest is how far ahead of the clock a
/// killed process leaves the mark, and one stalled write would otherwise widen the next.
///
/// A pure state machine: it reads no clock and touches no file; the issuer feeds it ticks.
struct ReservationDemand: Sendable, Equatable {
    /// The size of the first reservation and of the first after a pause.
    let smallestTicks: Int64
    /// The largest reservation.
    let largestTicks: Int64
    /// The size of the last window reserved (the smallest before the first).
    private(set) var ticks: Int64
    /// The end of the last window reserved, `nil` before the first.
    private(set) var lastEnd: Int64?
    /// How many ticks the last reservation took, from reading the clock to the end of its write.
    private(set) var reservingTicks: Int64 = 0

    /// A demand that has seen nothing: the first window is the smallest.
    ///
    /// - Parameters:
    ///   - largestTicks: The largest reservation, at least 1.
    ///   - smallestTicks: The smallest, at least 1 and at most `largestTicks`.
    init(largestTicks: Int64, smallestTicks: Int64) {
        self.largestTicks = max(1, largestTicks)
        self.smallestTicks = min(max(1, smallestTicks), self.largestTicks)
        ticks = self.smallestTicks
    }

    /// The smallest reservation for a largest one: 1/250 of it (4 ticks for a second), at least
    /// one tick. Small enough that launches, which take longer than that, never carry the mark
    /// ahead of the clock even when none of them closes its issuer.
    static func smallestTicks(largest: Int64) -> Int64 { max(1, largest / 250) }

    /// The size of a window reserved at tick `now` because the last one ran out (or, while
    /// demand is high, ahead of need): twice the last when `now` is less than one window's size
    /// (plus what the last reservation took) past the last window's end, as when the window ran
    /// out while identifiers were being drawn; the smallest otherwise (a pause). Never less than
    /// `minimum` (a batch's ticks, or twice a window the clock passed while it was reserved);
    /// never more than the largest unless `minimum` asks for it.
    mutating func sizeOfNextWindow(at now: Int64, minimum: Int64 = 1) -> Int64 {
        if let lastEnd {
            ticks = now < lastEnd &+ ticks &+ reservingTicks ? min(largestTicks, ticks &* 2) : smallestTicks
        }
        return max(ticks, minimum)
    }

    /// Records a window reserved, ending at tick `end` (exclusive), by a reservation that took
    /// `took` ticks from reading the clock to the end of its write.
    mutating func reserved(endingAt end: Int64, took: Int64 = 0) {
        lastEnd = end
        reservingTicks = min(max(0, took), largestTicks)
    }

    /// Forgets the demand seen: the next window is the smallest (after `close()`).
    mutating func pause() {
        lastEnd = nil
        ticks = smallestTicks
        reservingTicks = 0
    }

    /// Whether demand is high enough to reserve the next window ahead of need, in the
    /// background: the last window was larger than the smallest.
    var reservesAhead: Bool { ticks > smallestTicks }
}
