import MiniFlake
import MiniFlakeSupport

/// The one reservation loop. The generator issues in the open window. Each window is sized by
/// the demand seen (`ReservationDemand`): small at first and after a pause, doubling while
/// windows run out quickly. While demand is high, the next window is reserved ahead, on a thread
/// of its own (`BlockingThread`), as soon as one opens, so that a window running out only opens
/// the next in memory. Every state-file change holds `reserving` (the directory lock, the write,
/// its `fsync`); opening the generator's window and the ready window hold `windows` only, so the
/// issuing calls never wait on a file. Locks are taken in that order.
extension DeviceFlakeIssuer {
    /// Issues with `attempt`; when the open window is used up (or closed), opens the window
    /// reserved ahead and tries once more. `nil` when no window is ready.
    func issueInReservedWindows<Value: Sendable>(
        _ attempt: () throws(FlakeRefusal) -> Value
    ) throws(FlakeError) -> Value? {
        let seenCeiling = maker.windowCeiling
        if let value = try issuedInWindow(attempt) { return value }
        guard openReadyWindow(unlessAbove: seenCeiling) else { return nil }
        return try issuedInWindow(attempt)
    }

    /// The value, `nil` when the window is used up or closed, or the generator's error.
    private func issuedInWindow<Value: Sendable>(
        _ attempt: () throws(FlakeRefusal) -> Value
    ) throws(FlakeError) -> Value? {
        do throws(FlakeRefusal) {
            return try attempt()
        } catch {
            switch error {
            case .ceiling, .closed, .expired: return nil
            case .flake(let error): throw error
            }
        }
    }

    /// Opens the window reserved ahead and starts reserving the one after it; `true` also when
    /// another call opened a window above `seenCeiling` meanwhile. `false` when none is ready.
    private func openReadyWindow(unlessAbove seenCeiling: Int64) -> Bool {
        let opened = windows.withLock { windows -> Bool in
            if maker.isWindowOpen, maker.windowCeiling > seenCeiling { return true }
            guard let ready = windows.takeReady() else { return false }
            open(ready.ticks, instance: ready.instance)
            return true
        }
        if opened { reserveInBackground(needed: false) }
        return opened
    }

    /// Starts reserving the next window, of at least `minimumTicks` (a batch's), through the
    /// configuration's background work (a thread of its own), unless a reservation runs already
    /// or a window is ready; unless it is `needed` now, only while demand is high. It does not
    /// run after a `close()` that came first.
    func reserveInBackground(needed: Bool, minimumTicks: Int64 = 1) {
        guard let closings = windows.withLock({ $0.startBackgroundReservation(needed: needed) }) else { return }
        let started = configuration.startBackgroundWork { [self] in
            _ = try? reserveWindow(
                waitingAtMost: configuration.lockWaitLimit, minimumTicks: minimumTicks, unlessClosedSince: closings)
            windows.withLock { $0.reservingInBackground = false }
        }
        if !started { windows.withLock { $0.reservingInBackground = false } }
    }

    /// Blocks until no reservation runs in the background: for tests that read or replace a
    /// state file, or need the next window ready.
    @available(*, noasync, message: "it blocks the thread")
    package func waitForReservationAhead() {
        while windows.withLock({ $0.reservingInBackground }) {
            reserving.withLock {}
        }
    }

    /// Reserves the next window in the state file, sized by the demand and at least
    /// `minimumTicks` (a batch's), and keeps it ready, unless one is ready already. It blocks:
    /// the directory lock (at most `limit`), the write and its `fsync`.
    ///
    /// - Parameter closings: For a reservation in the background, the count of `close()` calls
    ///   it was asked for after: it reserves nothing once another came.
    /// - Returns: How many ticks the window reserved holds; 0 when one was ready already (or
    ///   the issuer was closed since).
    /// - Throws: `reservation_pending` (retryable) when the directory lock stayed busy or the
    ///   state file could not be written; `timestamp_overflow` when the layout has no ticks left.
    @discardableResult
    func reserveWindow(
        waitingAtMost limit: Duration, minimumTicks: Int64 = 1, unlessClosedSince closings: Int? = nil
    ) throws(FlakeError) -> Int64 {
        try reserving.withLock { () throws(FlakeError) -> Int64 in
            let wanted = windows.withLock { windows in
                windows.ready == nil && (closings.map { $0 == windows.closings } ?? true)
            }
            guard wanted else { return 0 }
            let done: DeviceStateChange.Result?
            do throws(DeviceStateError) {
                done = try changeState(waitingAtMost: limit, window: .ready(minimumTicks: minimumTicks), { _ in })
            } catch {
                throw FlakeError(
                    .reservationPending, retryAfter: .seconds(1),
                    message: "cannot reserve the next window: \(error.message)")
            }
            guard let result = done else {
                throw FlakeError(
                    .reservationPending, retryAfter: .milliseconds(10),
                    message: "another process holds the directory lock; reserving the next window shortly")
            }
            guard let window = result.window else { throw outOfTime() }
            return Int64(window.count)
        }
    }

    /// Runs a change of state under the directory lock, waiting at most the configuration's
    /// limit for it, and opens the generator's window on what it reserved (a change of number
    /// takes effect at once); then, while demand is high, reserves the next window in the
    /// background.
    func transact(_ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void)
        throws(DeviceStateError) -> DeviceStateChange.Result
    {
        let limit = configuration.lockWaitLimit
        let result = try reserving.withLock { () throws(DeviceStateError) in
            try changeState(waitingAtMost: limit, window: .opened, body)
        }
        guard let result else { throw directoryBusy() }
        reserveInBackground(needed: false)
        return result
    }

    /// Stops issuing with `instance` at once, in memory, whatever comes of what follows, then
    /// changes the state (moving it off `instance` if it is still there) as ``transact(_:)``
    /// does. Every later change of state moves off `instance` too, until a registration assigns
    /// it again: a failed write never lets this process issue with it.
    func leaveNumber(_ instance: Int, _ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void)
        throws(DeviceStateError) -> DeviceStateChange.Result
    {
        let limit = configuration.lockWaitLimit
        let result = try reserving.withLock { () throws(DeviceStateError) in
            snapshot.withLock { $0.avoidedInstance = instance }
            windows.withLock { windows in
                if windows.ready?.instance == instance { windows.ready = nil }
                if maker.isWindowOpen, maker.instanceNumber == instance { maker.closeWindow() }
            }
            return try changeState(waitingAtMost: limit, window: .opened, body)
        }
        guard let result else { throw directoryBusy() }
        reserveInBackground(needed: false)
        return result
    }

    /// The error for a change of state that found the directory lock busy all its wait.
    func directoryBusy() -> DeviceStateError {
        DeviceStateError(
            .directoryBusy,
            message: "another process held \(change.store.lock.path) for longer than the lock wait limit")
    }

    /// What a change of state does with the window of ticks it reserves.
    private enum WindowUse {
        /// Reserves one of the last window's size and opens it at once, dropping a window
        /// reserved ahead, which may hold another number.
        case opened
        /// Reserves one sized by the demand, at least `minimumTicks`, ready for when the open
        /// one runs out.
        case ready(minimumTicks: Int64)
    }

    /// Runs a change of state under the directory lock and keeps the window it reserved as
    /// `window` says. The caller holds `reserving`. `nil` when the directory lock stayed busy.
    private func changeState(
        waitingAtMost limit: Duration, window: WindowUse,
        _ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void
    ) throws(DeviceStateError) -> DeviceStateChange.Result? {
        // The generator never goes back, whatever number it moves to: the window starts above
        // the last tick it issued (and the stored mark above the open window).
        let floorTick = (maker.lastIssuedTick ?? -1) + 1
        let avoided = snapshot.withLock { $0.avoidedInstance }
        let sized = try change.run(
            windowTicks: { now in
                windows.withLock { windows in
                    switch window {
                    case .opened: windows.demand.ticks
                    case .ready(let minimumTicks): windows.demand.sizeOfNextWindow(at: now, minimum: minimumTicks)
                    }
                }
            }, floorTick: floorTick, avoiding: avoided, waitingAtMost: limit, body)
        guard let result = sized else { return nil }
        let reserved = result.window.map { ReservedWindows.Window(ticks: $0, instance: result.state.instance) }
        windows.withLock { windows in
            if let reserved { windows.demand.reserved(endingAt: reserved.ticks.upperBound, took: result.tookTicks) }
            switch window {
            case .opened:
                windows.ready = nil
                if let reserved { open(reserved.ticks, instance: reserved.instance) }
            case .ready:
                windows.ready = reserved
            }
        }
        snapshot.withLock { snapshot in
            snapshot.state = result.state
            snapshot.markFloor = result.markFloor
            if let recovery = result.recoveries.last { snapshot.lastRecovery = recovery }
        }
        return result
    }

    /// Opens the generator's window on ticks `[start, end)` reserved with `instance`; the
    /// caller holds `windows` (or is the initializer).
    func open(_ reserved: Range<Int64>, instance: Int) {
        maker.openWindow(
            instance: instance, floorTick: reserved.lowerBound > 0 ? reserved.lowerBound - 1 : nil,
            ceilingTick: reserved.upperBound, deadline: nil)
    }

    /// The error for a window that cannot be reserved: the layout has run out of time.
    private func outOfTime() -> FlakeError {
        FlakeError(
            .timestampOverflow,
            message:
                "the \(layout.name) layout has no ticks left after \(max(maker.lastIssuedTick ?? 0, markTick)) (maximum \(layout.maximumTick))"
        )
    }
}
