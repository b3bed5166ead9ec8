import MiniFlake

/// The issuing calls. Within a reserved window each is the generator's own call
/// (``MiniFlake/FlakeMaker``'s short path); when a window runs out, the next one, reserved ahead in the background, opens in
/// memory (see `DeviceFlakeIssuer+Windows.swift`). After the short path, a call enters the
/// generator's full path the one way every issuer does, `reserveOneOnFullPath(waiting:)`, with
/// no second try of the short path.
extension DeviceFlakeIssuer {
    /// Makes the next identifier now, or throws at once: it never blocks and never touches the
    /// file system. When the window is used up it opens the one reserved ahead; when none is
    /// ready (the first call after the app sat idle past its windows, or a reservation held up
    /// by the directory lock) it starts one in the background and refuses.
    ///
    /// - Throws: `reservation_pending` (retryable) when no window is ready;
    ///   `lead_limit_reached` (retryable) when a burst has run a window ahead of the clock;
    ///   `clock_before_epoch` and `timestamp_overflow` for a clock the layout cannot hold.
    public func nextImmediately() throws(FlakeError) -> FlakeID {
        let rawValue = maker.shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try issue(blocking: false) { () throws(FlakeRefusal) in
            FlakeID(unchecked: try maker.reserveOneOnFullPath(waiting: false))
        }
    }

    /// Makes `count` consecutive identifiers now, or throws at once, as ``nextImmediately()``.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: `batch_count_out_of_range`, and the errors of ``nextImmediately()``.
    public func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch {
        try checkBatch(count)
        return try issue(blocking: false, minimumTicks: windowTicks(forBatch: count)) { () throws(FlakeRefusal) in
            try maker.issue(count: count, waiting: false)
        }
    }

    /// Makes the next identifier; it may block the thread: while a burst has run a window
    /// ahead of the clock, and when no window is ready, for the state file's write and `fsync`
    /// and at most ``DeviceFlakeIssuer/Configuration/lockWaitLimit`` for the directory lock. In
    /// async code call `try await next()`, which suspends instead.
    ///
    /// - Throws: The errors of ``nextImmediately()`` but `lead_limit_reached`.
    @available(*, noasync, message: "it may block the thread; use 'try await next()' or 'nextImmediately()'")
    public func nextBlocking() throws(FlakeError) -> FlakeID {
        let rawValue = maker.shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try issue(blocking: true) { () throws(FlakeRefusal) in
            FlakeID(unchecked: try maker.reserveOneOnFullPath(waiting: true))
        }
    }

    /// Makes `count` consecutive identifiers, blocking as ``nextBlocking()`` does.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: `batch_count_out_of_range`, and the errors of ``nextBlocking()``.
    @available(
        *, noasync, message: "it may block the thread; use 'try await next(count:)' or 'nextImmediately(count:)'"
    )
    public func nextBlocking(count: Int) throws(FlakeError) -> FlakeIDBatch {
        try checkBatch(count)
        return try issue(blocking: true, minimumTicks: windowTicks(forBatch: count)) { () throws(FlakeRefusal) in
            try maker.issue(count: count, waiting: true)
        }
    }

    /// Issues with `attempt` in the reserved windows. When none is ready, a blocking call
    /// reserves one on its own thread and tries again (a few times, each window twice the last:
    /// the clock may pass a small window while it is reserved); an immediate one starts a
    /// reservation in the background and refuses.
    private func issue<Value: Sendable>(
        blocking: Bool, minimumTicks: Int64 = 1, _ attempt: () throws(FlakeRefusal) -> Value
    ) throws(FlakeError) -> Value {
        var minimumTicks = minimumTicks
        for _ in 0..<8 {
            if let value = try issueInReservedWindows(attempt) { return value }
            guard blocking else {
                reserveInBackground(needed: true, minimumTicks: minimumTicks)
                throw FlakeError(
                    .reservationPending, retryAfter: .milliseconds(1),
                    message: "the next window of ticks is being reserved")
            }
            let reserved = try reserveWindow(waitingAtMost: configuration.lockWaitLimit, minimumTicks: minimumTicks)
            minimumTicks = max(minimumTicks, reserved * 2)
        }
        throw FlakeError(
            .reservationPending, retryAfter: .milliseconds(1),
            message: "the clock passed every window just reserved; reserving the next shortly")
    }

    /// The fewest ticks a window needs to hold a batch of `count` after the tick it starts in.
    func windowTicks(forBatch count: Int) -> Int64 {
        let perTick = Int64(layout.maximumSequence) + 1
        return (Int64(count) + perTick - 1) / perTick + 1
    }

    /// Refuses a batch count outside `1...maximumBatchCount`.
    func checkBatch(_ count: Int) throws(FlakeError) {
        guard (1...maximumBatchCount).contains(count) else {
            throw FlakeError(
                .batchCountOutOfRange, message: "a batch holds 1...\(maximumBatchCount) identifiers, not \(count)")
        }
    }
}
