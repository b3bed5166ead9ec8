/// Something that hands out ``FlakeID``s: a plain ``FlakeMaker``, or a generator whose instance
/// number is leased and may be lost.
///
/// Services take an issuer rather than a ``FlakeMaker`` so that the same code serves a fixed
/// instance number, the in-process pool, and leases that can expire. An issuer answers at once:
/// it makes an identifier or throws a ``FlakeIssueError`` saying whether and when a retry can
/// help. The async ``next(waitingAtMost:)`` waits for such a retry by suspending the task:
///
/// ```swift
/// let id = try await issuer.next()                  // waits up to 1 s for the clock or a lease
/// let ids = try await issuer.next(count: 100, waitingAtMost: .milliseconds(250))
/// ```
public protocol FlakeIssuer: Sendable {
    /// The layout of the identifiers this issuer makes.
    var layout: FlakeLayout { get }

    /// The instance number identifiers are made with right now, or `nil` when the issuer holds
    /// none (a lease was lost and not yet regained).
    var currentInstanceNumber: Int? { get }

    /// The largest batch ``nextImmediately(count:)`` accepts.
    var maximumBatchCount: Int { get }

    /// Makes an identifier now or throws at once; never waits and never blocks a thread.
    ///
    /// - Throws: A retryable ``FlakeIssueError`` (its ``FlakeIssueError/retryAfter`` says when
    ///   to try again) when the issuer cannot make one right now, a permanent one otherwise.
    func nextImmediately() throws(FlakeIssueError) -> FlakeID

    /// Makes `count` consecutive identifiers now or throws at once; never waits.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeIssueError/Code/batchCountOutOfRange`` for a count outside the range,
    ///   and the errors of ``nextImmediately()``.
    func nextImmediately(count: Int) throws(FlakeIssueError) -> FlakeIDBatch
}
