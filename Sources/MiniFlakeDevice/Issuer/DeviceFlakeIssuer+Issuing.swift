import MiniFlake

extension DeviceFlakeIssuer {
    /// Makes the next identifier now, or throws at once. Within a reserved window it costs
    /// what ``MiniFlake/FlakeMaker/next()`` costs; once per window it reserves the next one
    /// (reading and writing the state file under the directory lock, which it does not wait
    /// for).
    ///
    /// - Throws: `reservation_pending` (retryable) when another process holds the directory
    ///   lock or the state file cannot be written right now; `lead_limit_reached` (retryable)
    ///   when a burst has run a window ahead of the clock; `clock_before_epoch` and
    ///   `timestamp_overflow` for a clock the layout cannot hold.
    @inlinable @inline(__always)
    public func nextImmediately() throws(FlakeError) -> FlakeID {
        let rawValue = maker.shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try nextOnFullPath(waiting: false)
    }

    /// Makes `count` consecutive identifiers now, or throws at once.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: `batch_count_out_of_range`, and the errors of ``nextImmediately()``.
    public func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch {
        guard (1...maximumBatchCount).contains(count) else {
            throw FlakeError(
                .batchCountOutOfRange, message: "a batch holds 1...\(maximumBatchCount) identifiers, not \(count)")
        }
        do throws(FlakeRefusal) {
            return try maker.issue(count: count, waiting: false)
        } catch {
            return try reserving(after: error, waitingAtMost: .zero) { () throws(FlakeRefusal) in
                try maker.issue(count: count, waiting: false)
            }
        }
    }

    /// Makes the next identifier; it may block the thread: while a burst has run a window
    /// ahead of the clock, and, once per window, for the state file's write and `fsync` and
    /// at most ``DeviceFlakeIssuer/Configuration/lockWaitLimit`` for the directory lock. In async code
    /// call `try await next()`, which suspends instead.
    ///
    /// - Throws: The errors of ``nextImmediately()`` but `lead_limit_reached`.
    @available(*, noasync, message: "it may block the thread; use 'try await next()' or 'nextImmediately()'")
    @inlinable @inline(__always)
    public func next() throws(FlakeError) -> FlakeID {
        let rawValue = maker.shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try nextOnFullPath(waiting: true)
    }

    /// The full path of ``next()`` (`waiting`) and ``nextImmediately()``: the generator's full
    /// path, then, when the window is used up or not open yet, the next window. Out of line,
    /// so that the inlined short path keeps no room for an error.
    @usableFromInline @inline(never)
    func nextOnFullPath(waiting: Bool) throws(FlakeError) -> FlakeID {
        do throws(FlakeRefusal) {
            return FlakeID(unchecked: try maker.reserveOneOnFullPath(waiting: waiting))
        } catch {
            let limit = waiting ? configuration.lockWaitLimit : .zero
            return try reserving(after: error, waitingAtMost: limit) { () throws(FlakeRefusal) in
                try maker.issue(waiting: waiting)
            }
        }
    }

    /// Makes the next identifier as an `Int64`, in the original MiniFlake API's style, for
    /// Core Data's Integer 64 attributes and SQLite columns; blocks as ``next()`` does.
    ///
    /// - Throws: The errors of ``next()``.
    @available(*, noasync, message: "it may block the thread; use 'try await next()' or 'nextImmediately()'")
    public func nextValue() throws(FlakeError) -> Int64 {
        try next().rawValue
    }

    /// After the generator refused: when its window is used up (or not open yet), reserves the
    /// next one and tries once more; otherwise throws the refusal in the issuer's terms.
    ///
    /// - Parameters:
    ///   - refusal: Why the generator refused.
    ///   - limit: The longest to wait for the directory lock, and for another call that is
    ///     reserving; `.zero` never waits.
    ///   - attempt: Issues again.
    private func reserving<Value: Sendable>(
        after refusal: FlakeRefusal, waitingAtMost limit: Duration, _ attempt: () throws(FlakeRefusal) -> Value
    ) throws(FlakeError) -> Value {
        switch refusal {
        case .ceiling, .closed, .expired: break
        case .flake(let error): throw error
        }
        if limit == .zero {
            guard
                let value = try reserving.withLockIfAvailable({ _ throws(FlakeError) in
                    try reserveAndRetry(waitingAtMost: limit, attempt)
                })
            else {
                throw FlakeError(
                    .reservationPending, retryAfter: .milliseconds(1),
                    message: "another call is reserving the next window")
            }
            return value
        }
        return try reserving.withLock { _ throws(FlakeError) in try reserveAndRetry(waitingAtMost: limit, attempt)
        }
    }

    /// Reserves the next window and issues in it; the caller holds `reserving`. The clock may
    /// pass a small window while it is being reserved; then it reserves again, a few times.
    private func reserveAndRetry<Value: Sendable>(
        waitingAtMost limit: Duration, _ attempt: () throws(FlakeRefusal) -> Value
    ) throws(FlakeError) -> Value {
        // Another call may have reserved while this one waited for the lock.
        if let value = try retry(attempt) { return value }
        for _ in 0..<4 {
            try reserveNextWindow(waitingAtMost: limit)
            if let value = try retry(attempt) { return value }
        }
        throw FlakeError(
            .reservationPending, retryAfter: .milliseconds(1),
            message: "the clock passed every window just reserved; reserving the next shortly")
    }

    /// Reserves the next window and opens the generator's window on it; the caller holds
    /// `reserving`.
    ///
    /// - Throws: `reservation_pending` (retryable) when the directory lock stayed busy or the
    ///   state file could not be written; `timestamp_overflow` when the layout has no ticks left.
    func reserveNextWindow(waitingAtMost limit: Duration) throws(FlakeError) {
        let done: DeviceStateChange.Result?
        do throws(DeviceStateError) {
            done = try transactLocked(waitingAtMost: limit, { _ in })
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
        guard result.window != nil else { throw outOfTime() }
    }

    /// Issues again: the value, `nil` when the window is still used up or closed, or the
    /// generator's error in the issuer's terms.
    private func retry<Value: Sendable>(_ attempt: () throws(FlakeRefusal) -> Value) throws(FlakeError) -> Value? {
        do throws(FlakeRefusal) {
            return try attempt()
        } catch {
            switch error {
            case .ceiling, .closed, .expired: return nil
            case .flake(let error): throw error
            }
        }
    }

    /// The error for a window that cannot be reserved: the layout has run out of time.
    private func outOfTime() -> FlakeError {
        FlakeError(
            .timestampOverflow,
            message:
                "the \(layout.name) layout has no ticks left after \(max(maker.lastIssuedTick ?? 0, markTick)) (maximum \(layout.maximumTick))"
        )
    }

    /// Runs a change of state under the directory lock and opens the generator's window on
    /// what it reserved; the caller holds `reserving`. `nil` when the lock stayed busy.
    func transactLocked(
        waitingAtMost limit: Duration, _ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void
    ) throws(DeviceStateError) -> DeviceStateChange.Result? {
        // The generator never goes back, whatever number it moves to: the window starts above
        // the last tick it issued.
        let floorTick = (maker.lastIssuedTick ?? -1) + 1
        guard let result = try change.run(reserve: true, floorTick: floorTick, waitingAtMost: limit, body) else {
            return nil
        }
        if let reserved = result.window { open(reserved, instance: result.state.instance) }
        snapshot.withLock { snapshot in
            snapshot.state = result.state
            if let recovery = result.recoveries.last { snapshot.lastRecovery = recovery }
        }
        return result
    }

    /// Runs a change of state, waiting for the directory lock at most the configuration' limit.
    func transact(_ body: (inout DeviceStateChange.Draft) throws(DeviceStateError) -> Void)
        throws(DeviceStateError) -> DeviceStateChange.Result
    {
        let limit = configuration.lockWaitLimit
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
