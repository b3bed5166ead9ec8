extension FlakeMaker: FlakeIssuer {
    /// A plain generator always holds its instance number.
    public var currentInstanceNumber: Int? { instanceNumber }

    /// Makes the next identifier now, or throws at once; never waits for the clock.
    ///
    /// - Throws: ``FlakeError/Code/leadLimitReached`` (retryable, ``FlakeError/retryAfter``
    ///   is how long until the clock catches up) when the lead is used up,
    ///   ``FlakeError/Code/timestampOverflow`` and ``FlakeError/Code/clockBeforeEpoch``.
    @inlinable
    public final func nextImmediately() throws(FlakeError) -> FlakeID {
        let rawValue = shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try nextOnFullPath(waiting: false)
    }

    /// Makes `count` consecutive identifiers now, or throws at once; never waits for the clock.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeError/Code/batchCountOutOfRange`` and the errors of
    ///   ``nextImmediately()``.
    public final func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch {
        do throws(FlakeRefusal) {
            return try batch(count, waiting: false)
        } catch {
            throw issueError(error)
        }
    }

    /// A plain generator's refusal as its error.
    @usableFromInline
    final func issueError(_ refusal: FlakeRefusal) -> FlakeError {
        refusal.flakeError(maximumTick: maximumTick)
    }
}
