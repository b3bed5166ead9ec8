extension FlakeMaker: FlakeIssuer {
    /// A plain generator always holds its instance number.
    public var currentInstanceNumber: Int? { instanceNumber }

    /// Makes the next identifier now, or throws at once; never waits for the clock, whatever
    /// the ``leadPolicy``.
    ///
    /// - Throws: ``FlakeIssueError/Code/leadLimitReached`` (retryable, ``FlakeIssueError/retryAfter``
    ///   is how long until the clock catches up) when the lead is used up,
    ///   ``FlakeIssueError/Code/timestampOverflow`` and ``FlakeIssueError/Code/clockBeforeEpoch``.
    public final func nextImmediately() throws(FlakeIssueError) -> FlakeID {
        do throws(FlakeError) {
            // Under `.fail` the synchronous fast path never waits; under `.wait` skip its waiting.
            if leadPolicy == .fail { return try next() }
            let counter = try reserve(1, now: try currentTick(), waiting: false)
            return FlakeID(unchecked: composer.rawValue(counter: counter))
        } catch {
            throw FlakeIssueError(error, tickMilliseconds: layout.tickMilliseconds)
        }
    }

    /// Makes `count` consecutive identifiers now, or throws at once; never waits for the clock.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeIssueError/Code/batchCountOutOfRange`` and the errors of
    ///   ``nextImmediately()``.
    public final func nextImmediately(count: Int) throws(FlakeIssueError) -> FlakeIDBatch {
        do throws(FlakeError) {
            let maximum = maximumBatchCount
            guard (1...maximum).contains(count) else {
                throw .batchCountOutOfRange(count, maximum: maximum)
            }
            let first = try reserve(UInt64(count), now: try currentTick(), waiting: false)
            return FlakeIDBatch(firstCounter: first, count: count, composer: composer)
        } catch {
            throw FlakeIssueError(error, tickMilliseconds: layout.tickMilliseconds)
        }
    }
}
