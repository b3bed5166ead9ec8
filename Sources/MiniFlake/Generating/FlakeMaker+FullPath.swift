#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

extension FlakeMaker {
    /// The full path of ``nextBlocking()`` and ``nextImmediately()``, with the refusal as a
    /// ``FlakeError``. Out of line, so that the inlined short path keeps no room for an error.
    @usableFromInline @inline(never)
    final func nextOnFullPath(waiting: Bool) throws(FlakeError) -> FlakeID {
        do throws(FlakeRefusal) {
            return FlakeID(unchecked: try reserveOneOnFullPath(waiting: waiting))
        } catch {
            throw error.flakeError(maximumTick: maximumTick)
        }
    }

    /// The full path of ``nextValue()``: a clock before the epoch reads as the epoch, so the
    /// generator carries on from its last identifier; any other refusal is `-1`.
    @usableFromInline @inline(never)
    final func nextValueOnFullPath() -> Int64 {
        do throws(FlakeRefusal) {
            return try reserveOneOnFullPath(waiting: true)
        } catch {
            guard layout.tick(millisecondsSince1970: clock.millisecondsSince1970()) < 0 else { return -1 }
            do throws(FlakeRefusal) {
                let (counter, field) = try reserve(1, now: 0, waiting: true)
                return composer.rawValue(counter: counter) | Int64(bitPattern: field)
            } catch {
                return -1
            }
        }
    }
    /// The full path of one identifier: reads the clock and reserves through
    /// ``reserve(_:now:waiting:)``, then, when the identifier is in the clock's own tick,
    /// keeps that tick's end so that the next calls take the short path. Out of line, to keep
    /// the short path small.
    @usableFromInline @inline(never)
    package final func reserveOneOnFullPath(waiting: Bool) throws(FlakeRefusal) -> Int64 {
        let tick = try currentTick()
        let (counter, field) = try reserve(1, now: tick, waiting: waiting)
        if hasShortPath || hasCustomClockShortPath, Int64(counter &>> sequenceBits) == tick {
            lastTickEnd.store(tickEnd(UInt64(tick)), ordering: .releasing)
        }
        return composer.rawValue(counter: counter) | Int64(bitPattern: field)
    }

    /// Reserves `count` consecutive counters, given a tick just read from the clock (within the
    /// layout's range), and returns the first with the window's instance field. When the lead
    /// is used up it waits for the clock only if `waiting` is `true`, and refuses with
    /// ``FlakeError/Code/leadLimitReached`` otherwise.
    ///
    /// The window's instance field and ceiling are read after the state word (acquiring), and
    /// the swap releases: a window installed meanwhile closed the word first, so the swap
    /// fails, and what was read belongs to the word swapped (see `FlakeMaker+Window.swift`).
    @usableFromInline
    final func reserve(_ count: UInt64, now tick: Int64, waiting: Bool) throws(FlakeRefusal)
        -> (counter: UInt64, instanceField: UInt64)
    {
        var now = tick
        var old = state.load(ordering: .acquiring)
        while true {
            guard old &>> counterBits != closedLead else { throw .closed }
            let field = instanceField.load(ordering: .relaxed)
            let ceiling = ceilingTick.load(ordering: .acquiring)
            let oldCounter = old & counterMask
            // The latest clock reading any identifier so far has seen, and now this one.
            let latestSeen = Swift.max(Int64(oldCounter &>> sequenceBits) - Int64(old &>> counterBits), now)
            let first = Swift.max(oldCounter &+ 1, UInt64(now) &<< sequenceBits)
            let last = first &+ (count &- 1)
            let lastTick = Int64(last &>> sequenceBits)
            guard lastTick <= maximumTick else {
                throw .flake(.timestampOverflow(tick: lastTick, maximumTick: maximumTick))
            }
            guard lastTick < ceiling else { throw .ceiling(tick: lastTick, ceiling: ceiling) }
            // The deadline is checked only when the call enters a tick: issuing within the
            // last identifier's tick reads no elapsed clock (see `FlakeMaker+Window.swift`).
            guard lastTick == Int64(oldCounter &>> sequenceBits) || withinDeadline() else { throw .expired }
            let lead = lastTick - latestSeen
            if lead > maximumLeadTicks {
                if !waiting {
                    throw .flake(
                        .leadLimitReached(
                            leadTicks: lead, maximumLeadTicks: maximumLeadTicks,
                            tickMilliseconds: layout.tickMilliseconds))
                }
                now = try waitForClock(toReach: lastTick - maximumLeadTicks)
                old = state.load(ordering: .acquiring)
                continue
            }
            let desired = UInt64(lead) &<< counterBits | last
            let (exchanged, original) = state.compareExchange(
                expected: old, desired: desired, successOrdering: .releasing, failureOrdering: .acquiring)
            if exchanged { return (first, field) }
            old = original
        }
    }

    /// Reserves a batch of `count` and wraps it.
    final func batch(_ count: Int, waiting: Bool) throws(FlakeRefusal) -> FlakeIDBatch {
        let maximum = maximumBatchCount
        guard (1...maximum).contains(count) else {
            throw .flake(.batchCountOutOfRange(count, maximum: maximum))
        }
        let (first, field) = try reserve(UInt64(count), now: try currentTick(), waiting: waiting)
        return FlakeIDBatch(firstCounter: first, count: count, composer: composer.placing(instanceField: field))
    }

    /// Whether the window's deadline, if it has one, is still ahead on the elapsed clock.
    @usableFromInline
    final func withinDeadline() -> Bool {
        let limit = deadline.load(ordering: .acquiring)
        return limit == .max || clock.elapsedMilliseconds() < limit
    }

    /// Reads the clock as ticks since the epoch, refusing readings the layout cannot hold.
    @inlinable @inline(__always)
    final func currentTick() throws(FlakeRefusal) -> Int64 {
        do throws(FlakeError) {
            return try layout.currentTick(of: clock)
        } catch {
            throw .flake(error)
        }
    }

    /// Sleeps in short steps until the clock reads at least `target`, and returns the reading.
    @usableFromInline
    final func waitForClock(toReach target: Int64) throws(FlakeRefusal) -> Int64 {
        while true {
            let now = try currentTick()
            if now >= target { return now }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
            nanosleep(&pause, nil)
        }
    }
}
