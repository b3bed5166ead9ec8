extension FlakeMaker: FlakeIssuer {
    /// A plain generator always holds its instance number.
    public var currentInstanceNumber: Int? { instanceNumber }

    /// Makes the next identifier now, or throws at once; never waits for the clock.
    ///
    /// - Throws: ``FlakeIssueError/Code/leadLimitReached`` (retryable, ``FlakeIssueError/retryAfter``
    ///   is how long until the clock catches up) when the lead is used up,
    ///   ``FlakeIssueError/Code/timestampOverflow`` and ``FlakeIssueError/Code/clockBeforeEpoch``.
    @inlinable
    public final func nextImmediately() throws(FlakeIssueError) -> FlakeID {
        do throws(FlakeRefusal) {
            return try issue(waiting: false)
        } catch {
            throw issueError(error)
        }
    }

    /// Makes `count` consecutive identifiers now, or throws at once; never waits for the clock.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeIssueError/Code/batchCountOutOfRange`` and the errors of
    ///   ``nextImmediately()``.
    public final func nextImmediately(count: Int) throws(FlakeIssueError) -> FlakeIDBatch {
        do throws(FlakeRefusal) {
            return try batch(count, waiting: false)
        } catch {
            throw issueError(error)
        }
    }

    /// A plain generator's refusal as an issuing error.
    @usableFromInline
    final func issueError(_ refusal: FlakeRefusal) -> FlakeIssueError {
        FlakeIssueError(refusal.flakeError(maximumTick: maximumTick), tickMilliseconds: layout.tickMilliseconds)
    }
}
