extension FlakeMaker {
    /// Reserves one counter, taking a short path in the two common cases: the clock is within
    /// the last identifier's tick, which has sequence numbers left, and the generator is not
    /// ahead of the clock (issue the next sequence number); or the clock has moved past that
    /// tick (start the clock's tick at sequence 0). Everything else (custom clocks, other tick
    /// lengths, carries, leads, errors, waiting, a lost race) goes through
    /// ``reserve(_:now:waiting:)``, or ``reserveReadingClock(waiting:)`` when the clock must be
    /// read again.
    ///
    /// The first case does no arithmetic on the clock's reading but to pack it
    /// (``packedReading(_:_:)``) and compare it with ``lastTickEnd``, and the value swapped in
    /// depends on the state word only. The compare-and-swap checks that the word is still the
    /// one read.
    @inlinable @inline(__always)
    final func reserveOne(waiting: Bool = true) throws(FlakeRefusal) -> (counter: UInt64, instanceField: UInt64) {
        guard hasShortPath else { return try reserveReadingClock(waiting: waiting) }
        // The kept end is read before the clock (it changes once per tick), the state word
        // after it, so that another thread has as little time as can be to change the word
        // before the compare-and-swap. Acquiring, against the releasing stores below: a
        // thread that sees a tick's end then reads a state word at least at that tick, so the
        // end never runs ahead of the word it is compared with. The memory model says so, not
        // just the processor (relaxed orderings would leave that to dependencies that ARM and
        // x86 happen to respect). On x86 both compile to the same plain moves as relaxed ones.
        let knownTickEnd = lastTickEnd.load(ordering: .acquiring)
        let (seconds, nanoseconds) = FlakeClock.read(clock.clockID)
        // The word is loaded acquiring and the window's instance field after it; the swaps
        // release. A new window closes the word before it writes the field, so a swap that
        // succeeds used the field of the word it replaced (see `FlakeMaker+Window.swift`).
        let old = state.load(ordering: .acquiring)
        let field = instanceField.load(ordering: .relaxed)
        let second = UInt64(bitPattern: seconds)
        // After the epoch's second and before 2262, before the end of the last identifier's
        // tick; and one comparison asks for no lead and room left in the sequence, since any
        // lead bit (a closed window sets them all) makes the masked word larger than the
        // sequence mask. The last identifier's tick was below the window's ceiling when it was
        // entered, and only a new window (which closes the word) can lower the ceiling.
        if second &- shortPathFirstSecond < shortPathSecondCount,
            Self.packedReading(second, nanoseconds) < knownTickEnd,
            old & sameTickMask < composer.sequenceMask
        {
            if state.compareExchange(
                expected: old, desired: old &+ 1, successOrdering: .releasing, failureOrdering: .relaxed
            ).exchanged {
                return (old &+ 1, field)
            }
            return try reserve(1, now: elapsedTicks(seconds, nanoseconds), waiting: waiting)
        }
        // Past the last identifier's tick, as a rule: a new tick, whose lead is 0 because it
        // is the clock's own. A clock before the epoch or past the layout's end (or 2262) is
        // read again to throw; a tick not past the last one, a closed window, the window's
        // ceiling and its deadline are the slow path's.
        guard second < 9_223_372_036 else { return try reserveReadingClock(waiting: waiting) }
        let tick = elapsedTicks(seconds, nanoseconds)
        guard (0...maximumTick).contains(tick) else { return try reserveReadingClock(waiting: waiting) }
        let counter = old & counterMask
        let desired = UInt64(tick) &<< sequenceBits
        guard desired > counter, old &>> counterBits != closedLead,
            tick < ceilingTick.load(ordering: .acquiring), withinDeadline()
        else {
            guard desired <= counter else { return try reserve(1, now: tick, waiting: waiting) }
            // A flood, ahead of the clock: the next sequence number of the last tick, with the
            // lead worked out again (it only shrinks). The rest is `continueAhead`'s.
            let lead = old &>> counterBits
            if lead != 0, lead != closedLead, counter & composer.sequenceMask < composer.sequenceMask {
                let lastTick = Int64(counter &>> sequenceBits)
                let nextLead = UInt64(lastTick - Swift.max(lastTick - Int64(lead), tick))
                if state.compareExchange(
                    expected: old, desired: nextLead &<< counterBits | (counter &+ 1), successOrdering: .releasing,
                    failureOrdering: .relaxed
                ).exchanged {
                    return (counter &+ 1, field)
                }
            }
            return try continueAhead(of: old, now: tick, instanceField: field, waiting: waiting)
        }
        if state.compareExchange(
            expected: old, desired: desired, successOrdering: .releasing, failureOrdering: .relaxed
        ).exchanged {
            lastTickEnd.store(tickEnd(UInt64(tick)), ordering: .releasing)
            return (desired, field)
        }
        return try reserve(1, now: tick, waiting: waiting)
    }

    /// Issues after `old` when the clock (`tick`) is within the last identifier's tick or
    /// behind it: a flood that carries ahead of the clock, a clock set back, a lost race. The
    /// next sequence number of the last tick, or the first of the tick after it when the last
    /// is full, with the lead worked out as the slow path would; anything else (a closed
    /// window, the lead used up, the ceiling, the deadline, a lost swap) goes to the slow
    /// path. Out of line, to keep the short path small.
    @usableFromInline @inline(never)
    final func continueAhead(of old: UInt64, now tick: Int64, instanceField field: UInt64, waiting: Bool)
        throws(FlakeRefusal) -> (counter: UInt64, instanceField: UInt64)
    {
        let lead = old &>> counterBits
        let counter = old & counterMask
        let lastTick = Int64(counter &>> sequenceBits)
        guard lead != closedLead else { return try reserve(1, now: tick, waiting: waiting) }
        // The latest clock reading seen, with this one.
        let latestSeen = Swift.max(lastTick - Int64(lead), tick)
        let desired: UInt64
        if counter & composer.sequenceMask < composer.sequenceMask {
            // The same tick, which was below the ceiling and within the deadline when entered.
            if lead == 0 {
                // Only the kept end stood in the way of the short path (a lost race, a resumed
                // tick): bring it up to date, so that the next call takes the short path.
                lastTickEnd.store(tickEnd(UInt64(lastTick)), ordering: .releasing)
            }
            desired = UInt64(lastTick - latestSeen) &<< counterBits | (counter &+ 1)
        } else {
            let nextTick = lastTick + 1
            let nextLead = nextTick - latestSeen
            guard nextLead <= maximumLeadTicks, nextTick <= maximumTick,
                nextTick < ceilingTick.load(ordering: .acquiring), withinDeadline()
            else { return try reserve(1, now: tick, waiting: waiting) }
            desired = UInt64(nextLead) &<< counterBits | UInt64(nextTick) &<< sequenceBits
        }
        if state.compareExchange(
            expected: old, desired: desired, successOrdering: .releasing, failureOrdering: .relaxed
        ).exchanged {
            return (desired & counterMask, field)
        }
        return try reserve(1, now: tick, waiting: waiting)
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
