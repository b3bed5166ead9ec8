extension FlakeIssuer {
    /// Makes the next identifier, suspending the task (never blocking its thread) while the
    /// issuer says "retry after", for at most `limit`: it retries ``nextImmediately()`` after
    /// each error's ``FlakeError/retryAfter``.
    ///
    /// ```swift
    /// let id = try await maker.next()
    /// ```
    ///
    /// - Parameter limit: The longest this call waits in all; `.zero` never waits.
    /// - Throws: A permanent ``FlakeError`` at once; a retryable one when the next retry
    ///   would come after `limit`, or when the task is cancelled while it waits.
    public func next(waitingAtMost limit: Duration) async throws(FlakeError) -> FlakeID {
        do throws(FlakeError) {
            return try nextImmediately()
        } catch {
            return try await FlakeIssueRetry.retrying(after: error, atMost: limit, clock: clock) {
                () throws(FlakeError) in
                try nextImmediately()
            }
        }
    }

    /// Makes `count` consecutive identifiers, suspending the task while the issuer says
    /// "retry after", for at most `limit`.
    ///
    /// - Parameters:
    ///   - count: How many identifiers, `1...maximumBatchCount`.
    ///   - limit: The longest this call waits in all; `.zero` never waits.
    /// - Throws: The errors of ``next(waitingAtMost:)``.
    public func next(count: Int, waitingAtMost limit: Duration) async throws(FlakeError) -> FlakeIDBatch {
        do throws(FlakeError) {
            return try nextImmediately(count: count)
        } catch {
            return try await FlakeIssueRetry.retrying(after: error, atMost: limit, clock: clock) {
                () throws(FlakeError) in
                try nextImmediately(count: count)
            }
        }
    }
}

extension FlakeIssuer {
    /// The system clock, for an issuer that does not say which clock it reads.
    public var clock: FlakeClock { .system }
}

extension FlakeIssuer {
    /// Makes the next identifier, suspending the task for at most a second while the issuer
    /// says "retry after": ``next(waitingAtMost:)`` with its usual limit.
    ///
    /// - Throws: The errors of ``next(waitingAtMost:)``.
    public func next() async throws(FlakeError) -> FlakeID {
        try await next(waitingAtMost: .seconds(1))
    }

    /// Makes `count` consecutive identifiers, suspending the task for at most a second:
    /// ``next(count:waitingAtMost:)`` with its usual limit.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: The errors of ``next(waitingAtMost:)``.
    public func next(count: Int) async throws(FlakeError) -> FlakeIDBatch {
        try await next(count: count, waitingAtMost: .seconds(1))
    }
}

/// The one place that waits for an issuer: sleeps on the issuer's clock for each error's
/// ``FlakeError/retryAfter`` and tries again, until the time limit or a permanent error.
package enum FlakeIssueRetry {
    /// The elapsed-clock millisecond a wait of at most `limit`, starting now, must end by.
    package static func deadline(after limit: Duration, clock: FlakeClock) -> Int64 {
        clock.elapsedMilliseconds() &+ max(0, limit.milliseconds())
    }

    /// Sleeps on `clock` for `failure`'s ``FlakeError/retryAfter``, or throws `failure` when
    /// it is permanent, when the task is cancelled, or when the retry would come after
    /// `deadline` (from ``deadline(after:clock:)``).
    package static func pause(after failure: FlakeError, before deadline: Int64, clock: FlakeClock)
        async throws(FlakeError)
    {
        guard let pause = failure.retryAfter, !Task.isCancelled,
            clock.elapsedMilliseconds() &+ pause.milliseconds(roundingUp: true) <= deadline
        else {
            throw failure
        }
        do {
            try await clock.sleep(for: pause)
        } catch {
            throw failure  // cancelled while waiting: the caller gets the reason it waited for
        }
    }

    /// Retries `attempt` after `first` failed, within `limit` counted from now by `clock`'s
    /// elapsed time.
    package static func retrying<Value>(
        after first: FlakeError,
        atMost limit: Duration,
        clock: FlakeClock,
        _ attempt: () throws(FlakeError) -> Value
    ) async throws(FlakeError) -> Value {
        let deadline = deadline(after: limit, clock: clock)
        var last = first
        while true {
            try await pause(after: last, before: deadline, clock: clock)
            do throws(FlakeError) {
                return try attempt()
            } catch {
                last = error
            }
        }
    }
}
