import MiniFlake
import Synchronization

extension DeviceFlakeIssuer {
    /// Makes the next identifier now, or throws at once. Within a reserved window it costs a
    /// clock read and an uncontended mutex; once per window it reserves the next one (reading
    /// and writing the state file under the directory lock, which it does not wait for).
    ///
    /// - Throws: `reservation_pending` (retryable) when another process holds the directory
    ///   lock or the state file cannot be written right now; `clock_before_epoch` and
    ///   `timestamp_overflow` for a clock the layout cannot hold.
    public func nextImmediately() throws(FlakeIssueError) -> FlakeID {
        FlakeID(unchecked: try issueOne(waitingAtMost: .zero))
    }

    /// Makes `count` consecutive identifiers now, or throws at once.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: `batch_count_out_of_range`, and the errors of ``nextImmediately()``.
    public func nextImmediately(count: Int) throws(FlakeIssueError) -> FlakeIDBatch {
        guard (1...maximumBatchCount).contains(count) else {
            throw FlakeIssueError(
                .batchCountOutOfRange, message: "a batch holds 1...\(maximumBatchCount) identifiers, not \(count)")
        }
        let (first, instance) = try take(UInt64(count), now: try currentTick(), waitingAtMost: .zero)
        return FlakeIDBatch(firstCounter: first, count: count, layout: layout, instanceNumber: instance)
    }

    /// Makes the next identifier; when a window must be reserved and another process holds
    /// the directory lock, it blocks the thread for at most ``DeviceIssuerSettings/lockWaitLimit``
    /// (in async code prefer `await next()`, which suspends instead).
    ///
    /// - Throws: The errors of ``nextImmediately()``.
    public func next() throws(FlakeIssueError) -> FlakeID {
        FlakeID(unchecked: try issueOne(waitingAtMost: settings.lockWaitLimit))
    }

    /// Makes the next identifier as an `Int64`, in the original MiniFlake API's style, for
    /// Core Data's Integer 64 attributes and SQLite columns.
    ///
    /// - Throws: The errors of ``next()``.
    public func nextValue() throws(FlakeIssueError) -> Int64 {
        try issueOne(waitingAtMost: settings.lockWaitLimit)
    }

    /// One identifier's raw value: the fast path, or a reservation first.
    @inline(__always)
    private func issueOne(waitingAtMost limit: Duration) throws(FlakeIssueError) -> Int64 {
        let now = try currentTick()
        let bits = sequenceBits
        let raw = window.withLock { window -> Int64? in
            guard let counter = window.take(1, now: now, sequenceBits: bits) else { return nil }
            return compose(counter) | window.instanceField
        }
        if let raw { return raw }
        let (counter, instance) = try take(1, now: now, waitingAtMost: limit)
        return compose(counter) | Int64(instance) << Int64(layout.instanceShift)
    }

    /// A counter's timestamp and sequence in place, without the instance number.
    @inline(__always)
    private func compose(_ counter: UInt64) -> Int64 {
        if sequenceShift == 0 || timestampShift - sequenceShift == Int64(sequenceBits) {
            return Int64(bitPattern: counter &<< UInt64(sequenceShift))
        }
        let tick = counter &>> sequenceBits
        return Int64(bitPattern: tick &<< UInt64(timestampShift) | (counter & sequenceMask) &<< UInt64(sequenceShift))
    }

    /// Takes `count` counters, reserving the next window first when the current one is used up.
    private func take(_ count: UInt64, now: Int64, waitingAtMost limit: Duration) throws(FlakeIssueError)
        -> (first: UInt64, instance: Int)
    {
        let bits = sequenceBits
        if let taken = window.withLock({ window -> (UInt64, Int)? in
            window.take(count, now: now, sequenceBits: bits).map { ($0, window.instance) }
        }) {
            return taken
        }
        let attempt = { () throws(FlakeIssueError) -> (UInt64, Int) in
            // Another call may have reserved while this one waited.
            if let taken = self.window.withLock({ window -> (UInt64, Int)? in
                window.take(count, now: now, sequenceBits: bits).map { ($0, window.instance) }
            }) {
                return taken
            }
            let done: DeviceStateChange.Result?
            do throws(DeviceStateError) {
                done = try self.transactLocked(waitingAtMost: limit, { _ in })
            } catch {
                throw FlakeIssueError(
                    .reservationPending, retryAfter: .seconds(1),
                    message: "cannot reserve the next window: \(error.message)")
            }
            guard let result = done else {
                throw FlakeIssueError(
                    .reservationPending, retryAfter: .milliseconds(10),
                    message: "another process holds the directory lock; reserving the next window shortly")
            }
            guard result.window != nil else { throw self.outOfTime(now: now) }
            if let taken = self.window.withLock({ window -> (UInt64, Int)? in
                window.take(count, now: now, sequenceBits: bits).map { ($0, window.instance) }
            }) {
                return taken
            }
            throw self.outOfTime(now: now)
        }
        if limit == .zero {
            guard let taken = try reserving.withLockIfAvailable({ _ throws(FlakeIssueError) in try attempt() }) else {
                throw FlakeIssueError(
                    .reservationPending, retryAfter: .milliseconds(1),
                    message: "another call is reserving the next window")
            }
            return taken
        }
        return try reserving.withLock { _ throws(FlakeIssueError) in try attempt() }
    }

    /// The error for a window that cannot be reserved: the layout has run out of time.
    private func outOfTime(now: Int64) -> FlakeIssueError {
        FlakeIssueError(
            .timestampOverflow,
            message:
                "the \(layout.name) layout has no ticks left after \(max(now, markTick)) (maximum \(layout.maximumTick))"
        )
    }

    /// Reads the clock as ticks since the epoch, refusing readings the layout cannot hold.
    @inline(__always)
    func currentTick() throws(FlakeIssueError) -> Int64 {
        do {
            return try layout.currentTick(of: clock)
        } catch {
            throw FlakeIssueError(error, tickMilliseconds: layout.tickMilliseconds)
        }
    }

    /// Runs a change of state under the directory lock and installs what it reserved; the
    /// caller holds `reserving`. `nil` when the lock stayed busy.
    func transactLocked(
        waitingAtMost limit: Duration, _ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void
    ) throws(DeviceStateError) -> DeviceStateChange.Result? {
        let bits = sequenceBits
        let current = window.withLock { window in
            (window.instance, window.endTick > 0 ? Int64(window.lastCounter &>> bits) + 1 : Int64(0))
        }
        let installation = snapshot.withLock { $0.state.installation }
        guard
            let result = try change.run(
                reserve: true, floor: (installation, current.0, current.1), waitingAtMost: limit, body)
        else { return nil }
        if let reserved = result.window {
            let shift = layout.instanceShift
            window.withLock { window in
                window.install(
                    start: reserved.lowerBound, end: reserved.upperBound, instance: result.state.instance,
                    instanceShift: shift, sequenceBits: bits)
            }
        }
        snapshot.withLock { snapshot in
            snapshot.state = result.state
            if let recovery = result.recoveries.last { snapshot.lastRecovery = recovery }
        }
        return result
    }

    /// Runs a change of state, waiting for the directory lock at most the settings' limit.
    func transact(_ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void)
        throws(DeviceStateError) -> DeviceStateChange.Result
    {
        let limit = settings.lockWaitLimit
        let result = try reserving.withLock { _ throws(DeviceStateError) in
            try transactLocked(waitingAtMost: limit, body)
        }
        guard let result else {
            throw DeviceStateError(
                .directoryBusy,
                message: "another process held \(change.store.lock.path) for longer than the lock wait limit")
        }
        return result
    }
}
