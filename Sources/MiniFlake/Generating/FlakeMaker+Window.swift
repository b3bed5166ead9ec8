/// The window a generator issues in, for the package's issuers (`LeasedFlakeIssuer`,
/// `DeviceFlakeIssuer`): an instance number, a floor (issue above this tick: the high-water
/// mark), a ceiling (never issue at or past this tick: the end of what a lease or a stored
/// mark covers) and a deadline on the elapsed clock (never issue from then on: the end of a
/// lease). A plain ``FlakeMaker`` keeps the window it was made with: its instance number, the
/// layout's end as its ceiling, no deadline.
///
/// An issuer changes the window while other threads issue, without stopping them:
/// - **Raising the ceiling** (a renewal, or a device's next window on the same number from
///   where the last identifier is) is one store.
/// - **Opening a window** (another instance number, or a floor above the last identifier)
///   first closes the state word, then writes the instance field, the ceiling and the
///   deadline, then stores an open word above every identifier issued so far and at the last
///   sequence of its tick. A call that read the old word fails its compare-and-swap: the
///   closing swap acquires what the last successful swap released, so a call that succeeded
///   read the instance field before it changed. The new word is never equal to an old one
///   (its counter is higher), and its full sequence sends the next call to a new tick, past
///   the checks of the new ceiling and deadline.
/// - **Closing** sets every lead bit of the state word: every call refuses with
///   ``FlakeRefusal/closed`` until a window is opened again.
///
/// The ceiling and the deadline are checked whenever a call enters a new tick (the full path
/// checks the ceiling on every call); a call that issues the next sequence number of the tick
/// the last identifier took checks neither. A holder paused past its deadline therefore
/// issues at most the rest of the tick it was in, and only if the wall clock still reads that
/// tick when it resumes (it was set back); those identifiers are below the ceiling, which the
/// lease stored as the high-water mark every later holder of the number starts above.
///
/// Only one thread at a time may change the window: the issuer calls these under its lock.
/// The generator checks it: each change counts itself under way, and one that finds another
/// under way counts an overlap (``overlappingWindowChanges``), which the issuers' tests expect
/// to stay 0.
extension FlakeMaker {
    /// Makes a generator with no window open: every call refuses with
    /// ``FlakeRefusal/closed`` until the issuer opens one.
    package convenience init(closedWith layout: FlakeLayout, clock: FlakeClock, maximumLeadTicks: Int64) {
        self.init(
            checkedInstance: 0, layout: layout, clock: clock, maximumLeadTicks: maximumLeadTicks, lastIssuedTick: nil)
        state.store(closedLead &<< counterBits, ordering: .releasing)
    }

    /// Whether a window is open.
    package var isWindowOpen: Bool {
        state.load(ordering: .acquiring) &>> counterBits != closedLead
    }

    /// Whether the generator may issue now: a window is open and its deadline is ahead.
    package var isIssuing: Bool {
        isWindowOpen && withinDeadline()
    }

    /// The window's ceiling: the first tick the generator may not issue at.
    package var windowCeiling: Int64 {
        ceilingTick.load(ordering: .acquiring)
    }

    /// Opens a window: issue with `instance`, above `floorTick` and above every identifier
    /// issued so far, below `ceilingTick`, and (when given) before the elapsed-clock
    /// millisecond `deadline`.
    ///
    /// - Parameters:
    ///   - instance: The instance number; `0...layout.maximumInstanceNumber` (checked by the
    ///     caller: a lease or a stored state holds only such numbers).
    ///   - floorTick: The highest tick an earlier holder of the number may have issued, or
    ///     `nil` for none.
    ///   - ceilingTick: The first tick not to issue at.
    ///   - deadline: The elapsed-clock millisecond (``FlakeClock/elapsedMilliseconds()``) from
    ///     which not to issue, or `nil` for none.
    package func openWindow(instance: Int, floorTick: Int64?, ceilingTick: Int64, deadline: Int64?) {
        changingWindow {
            openWindowUnchecked(instance: instance, floorTick: floorTick, ceilingTick: ceilingTick, deadline: deadline)
        }
    }

    /// ``openWindow(instance:floorTick:ceilingTick:deadline:)``, inside a change already counted.
    private func openWindowUnchecked(instance: Int, floorTick: Int64?, ceilingTick: Int64, deadline: Int64?) {
        let field = UInt64(instance) &<< UInt64(layout.instanceShift)
        let open = state.load(ordering: .acquiring)
        // The same number, no floor above the last identifier, a ceiling no lower: the window
        // only grows, and the state word can stay as it is.
        if open &>> counterBits != closedLead, field == instanceField.load(ordering: .relaxed),
            (floorTick ?? -1) <= Int64((open & counterMask) &>> sequenceBits),
            ceilingTick >= self.ceilingTick.load(ordering: .relaxed)
        {
            raiseCeilingUnchecked(to: ceilingTick, deadline: deadline)
            return
        }
        let counter = closeWindowReturningCounter()
        instanceField.store(field, ordering: .relaxed)
        self.ceilingTick.store(ceilingTick, ordering: .releasing)
        self.deadline.store(deadline ?? .max, ordering: .releasing)
        let perTick = UInt64(1) &<< sequenceBits
        let lastOfTick = counter | (perTick &- 1)
        // Above every counter issued, at the last sequence of its tick (the next tick's when
        // the counter is the last of its own), and at or above the floor's last sequence.
        var reopened = lastOfTick == counter ? lastOfTick &+ perTick : lastOfTick
        if let floorTick, floorTick >= 0 {
            reopened = Swift.max(reopened, UInt64(floorTick) &<< sequenceBits | (perTick &- 1))
        }
        let lastCounter = UInt64(maximumTick) &<< sequenceBits | (perTick &- 1)
        state.store(Swift.min(reopened, lastCounter), ordering: .releasing)
    }

    /// Raises the open window's ceiling (never lowers it), and moves its deadline (`nil` for
    /// none): what a renewal of the same lease buys.
    package func raiseCeiling(to ceilingTick: Int64, deadline: Int64?) {
        changingWindow { raiseCeilingUnchecked(to: ceilingTick, deadline: deadline) }
    }

    /// ``raiseCeiling(to:deadline:)``, inside a change already counted.
    private func raiseCeilingUnchecked(to ceilingTick: Int64, deadline: Int64?) {
        if ceilingTick > self.ceilingTick.load(ordering: .relaxed) {
            self.ceilingTick.store(ceilingTick, ordering: .releasing)
        }
        self.deadline.store(deadline ?? .max, ordering: .releasing)
    }

    /// Closes the window: no call issues until one is opened again.
    package func closeWindow() {
        changingWindow { _ = closeWindowReturningCounter() }
    }

    /// How many window changes found another one under way: 0 while only one thread at a time
    /// changes the window, as the issuers do under their lock.
    package var overlappingWindowChanges: Int {
        windowChangeOverlaps.load(ordering: .relaxed)
    }

    /// Runs `change` counted as a window change under way; one that finds another under way is
    /// counted in ``overlappingWindowChanges``.
    package func changingWindow<Result>(_ change: () -> Result) -> Result {
        if windowChangesUnderWay.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            _ = windowChangeOverlaps.add(1, ordering: .relaxed)
        }
        defer { _ = windowChangesUnderWay.add(-1, ordering: .acquiringAndReleasing) }
        return change()
    }

    /// Sets every lead bit of the state word, and returns its counter.
    private func closeWindowReturningCounter() -> UInt64 {
        var old = state.load(ordering: .acquiring)
        while true {
            let counter = old & counterMask
            if old &>> counterBits == closedLead { return counter }
            let (exchanged, original) = state.compareExchange(
                expected: old, desired: closedLead &<< counterBits | counter, ordering: .acquiringAndReleasing)
            if exchanged { return counter }
            old = original
        }
    }

    /// Makes the next identifier for an issuer, refusing in the issuer's terms: the short path
    /// of ``nextBlocking()``, then the full path. When `waiting` is `true`, a lead used up blocks the
    /// thread until the clock catches up; otherwise it refuses at once. For a caller that has
    /// not tried the short path (the device issuer's async calls): one that has, and failed,
    /// enters the full path directly through ``reserveOneOnFullPath(waiting:)``, the one entry
    /// that ``nextBlocking()``, ``nextImmediately()``, ``nextValue()`` and both issuers share.
    package final func issue(waiting: Bool) throws(FlakeRefusal) -> FlakeID {
        let rawValue = shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return FlakeID(unchecked: try reserveOneOnFullPath(waiting: waiting))
    }

    /// Makes `count` consecutive identifiers for an issuer, refusing in the issuer's terms.
    package final func issue(count: Int, waiting: Bool) throws(FlakeRefusal) -> FlakeIDBatch {
        try batch(count, waiting: waiting)
    }
}
