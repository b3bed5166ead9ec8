extension FlakeMaker {
    /// The next identifier's raw value on the short path, or `-1` when the call must take the
    /// full path (``reserveOneOnFullPath(waiting:)``). It never throws and never waits, so
    /// that the code inlined into a caller is a few loads, one clock read and one
    /// compare-and-swap, with no room kept for an error.
    ///
    /// With a system clock the body is inlined here; a custom clock (a ``ManualFlakeClock`` in
    /// the tests) runs the same body, out of line, reading its own time
    /// (``shortPathRawValueOnCustomClock()``). Generators that have no short path (ticks other
    /// than 1 ms, an epoch or a layout's end outside 1970...2262) get `-1` from there.
    @inlinable @inline(__always)
    package final func shortPathRawValue() -> Int64 {
        guard hasShortPath else { return shortPathRawValueOnCustomClock() }
        return shortPathRawValue(reading: SystemShortPathClock(clockID: clock.clockID))
    }

    /// The short path with a custom clock: the same body as the system clocks', reading the
    /// clock's function; `-1` at once for a generator that has no short path.
    @usableFromInline @inline(never)
    final func shortPathRawValueOnCustomClock() -> Int64 {
        guard hasCustomClockShortPath else { return -1 }
        return shortPathRawValue(reading: CustomShortPathClock(clock: clock))
    }

    /// The short path, reading `now`.
    ///
    /// It takes the two common cases: the clock is within the last identifier's tick, which
    /// has sequence numbers left, and the generator is not ahead of the clock (issue the next
    /// sequence number); or the clock has moved past that tick (start the clock's tick at
    /// sequence 0). A generator ahead of the clock goes to ``aheadRawValue(_:)``. Everything
    /// else (other tick lengths, a tick's sequence used up, a closed window, the ceiling, the
    /// deadline, readings out of range) is the full path's. A lost compare-and-swap tries
    /// again with the same clock reading.
    @inlinable @inline(__always)
    final func shortPathRawValue<Clock: ShortPathClock>(reading now: Clock) -> Int64 {
        // The kept end is read before the state word, and both before the clock. Acquiring,
        // against the releasing stores below: a thread that sees a tick's end then reads a
        // state word at least at that tick, so the end never runs ahead of the word it is
        // compared with. The memory model says so, not just the processor; on x86 both
        // compile to the same plain moves as relaxed ones.
        var knownTickEnd = lastTickEnd.load(ordering: .acquiring)
        var old = state.load(ordering: .acquiring)
        // A lead: a burst ahead of the clock, or a closed window (every lead bit set).
        if old &>> counterBits != 0 { return now.aheadRawValue(of: self, old) }
        let (seconds, nanoseconds) = now.read()
        // Anything out of range is read again on the full path, to throw.
        guard isShortPathSecond(seconds) else { return -1 }
        let reading = Self.packedReading(UInt64(bitPattern: seconds), nanoseconds)
        while true {
            // The word was loaded acquiring and the window's instance field after it; the swaps
            // release. A new window closes the word before it writes the field, so a swap that
            // succeeds used the field of the word it replaced (see `FlakeMaker+Window.swift`).
            let field = instanceField.load(ordering: .relaxed)
            if reading < knownTickEnd {
                // Within the last identifier's tick: no lead, and a sequence number left. The
                // tick was below the window's ceiling when it was entered.
                guard old &>> counterBits == 0, old & composer.sequenceMask < composer.sequenceMask else {
                    return -1
                }
                let desired = old &+ 1
                if state.compareExchange(
                    expected: old, desired: desired, successOrdering: .releasing, failureOrdering: .relaxed
                ).exchanged {
                    return composer.rawValue(counter: desired) | Int64(bitPattern: field)
                }
            } else {
                // Past the last identifier's tick, as a rule: a new tick, whose lead is 0 because
                // it is the clock's own. A tick not past the last one, a closed window, the
                // layout's end, the window's ceiling and its deadline are the full path's.
                let tick = elapsedTicks(seconds, nanoseconds)
                let desired = UInt64(tick) &<< sequenceBits
                guard tick <= maximumTick, desired > old & counterMask, old &>> counterBits != closedLead,
                    tick < ceilingTick.load(ordering: .acquiring), withinDeadline()
                else { return -1 }
                if state.compareExchange(
                    expected: old, desired: desired, successOrdering: .releasing, failureOrdering: .relaxed
                ).exchanged {
                    lastTickEnd.store(tickEnd(UInt64(tick)), ordering: .releasing)
                    return composer.rawValue(counter: desired) | Int64(bitPattern: field)
                }
            }
            // Another thread issued first: the same reading, against the words as they are now.
            knownTickEnd = lastTickEnd.load(ordering: .acquiring)
            old = state.load(ordering: .acquiring)
        }
    }

    /// The short path of a generator ahead of the clock, with a system clock. Out of line, to
    /// keep the short path small.
    @usableFromInline @inline(never)
    final func aheadRawValue(_ word: UInt64) -> Int64 {
        aheadRawValue(word, reading: SystemShortPathClock(clockID: clock.clockID))
    }

    /// The short path of a generator ahead of the clock, with a custom clock.
    @inline(never)
    final func aheadRawValueOnCustomClock(_ word: UInt64) -> Int64 {
        aheadRawValue(word, reading: CustomShortPathClock(clock: clock))
    }

    /// The short path of a generator ahead of the clock (a burst above the sequence's ceiling
    /// carried it into later ticks): the next sequence number of the last identifier's tick,
    /// or `-1` for the full path (a closed window, a tick's sequence used up, the clock past
    /// the last tick).
    ///
    /// While the last tick is further ahead than the coarse clock's lag (Linux: two kernel
    /// ticks), a coarse reading (about 7 ns) shows the precise clock is still behind it, so the
    /// identifier costs no precise read (should the coarse clock ever lag more than it
    /// declares, the identifier's timestamp trails the precise clock by the excess; it is
    /// still unique and above the last): a flood pays one compare-and-swap and a coarse read
    /// per identifier, and reads the precise clock when it enters a new tick. Only the precise
    /// system clock asks the coarse one (``coarseLagTicks``). Otherwise `now` is read and the
    /// lead worked out again (it only shrinks). Neither case enters a tick, so neither checks
    /// the ceiling or the deadline (see `FlakeMaker+Window.swift`).
    @inline(__always)
    final func aheadRawValue<Clock: ShortPathClock>(_ word: UInt64, reading now: Clock) -> Int64 {
        var old = word
        if coarseLagTicks >= 0 {
            // One coarse reading for every try: a swap lost to another thread tries again with
            // the word that thread left (the failed swap's value, acquired), never with a second
            // clock reading. The word's tick only rises, so the precise clock stays before it.
            let (seconds, nanoseconds) = now.readCoarse(of: self)
            while old &>> counterBits != 0, old &>> counterBits != closedLead,
                old & composer.sequenceMask < composer.sequenceMask,
                preciseClockIsBefore(tick: Int64((old & counterMask) &>> sequenceBits), coarse: seconds, nanoseconds)
            {
                let field = instanceField.load(ordering: .relaxed)
                let (exchanged, original) = state.compareExchange(
                    expected: old, desired: old &+ 1, successOrdering: .releasing, failureOrdering: .acquiring)
                if exchanged {
                    return composer.rawValue(counter: (old & counterMask) &+ 1) | Int64(bitPattern: field)
                }
                old = original
            }
        }
        let (seconds, nanoseconds) = now.read()
        guard isShortPathSecond(seconds) else { return -1 }
        let tick = elapsedTicks(seconds, nanoseconds)
        while true {
            let lead = old &>> counterBits
            let counter = old & counterMask
            let lastTick = Int64(counter &>> sequenceBits)
            guard lead != closedLead, tick <= lastTick, counter & composer.sequenceMask < composer.sequenceMask
            else { return -1 }
            let field = instanceField.load(ordering: .relaxed)
            // The latest clock reading seen, with this one; the tick stays, so the lead shrinks.
            let latestSeen = Swift.max(lastTick - Int64(lead), tick)
            let desired = UInt64(lastTick - latestSeen) &<< counterBits | (counter &+ 1)
            let (exchanged, original) = state.compareExchange(
                expected: old, desired: desired, successOrdering: .releasing, failureOrdering: .acquiring)
            if exchanged {
                return composer.rawValue(counter: counter &+ 1) | Int64(bitPattern: field)
            }
            old = original
        }
    }
}
