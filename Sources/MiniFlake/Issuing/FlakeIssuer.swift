/// Something that hands out ``FlakeID``s: a plain ``FlakeMaker``, or a generator whose instance
/// number is leased and may be lost.
///
/// Services take an issuer rather than a ``FlakeMaker`` so that the same code serves a fixed
/// instance number, the in-process pool, and leases that can expire. An issuer answers at once:
/// it makes an identifier or throws a ``FlakeError`` saying whether and when a retry can
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

    /// The clock the issuer reads, and the async calls wait by before they retry; the system
    /// clock unless the issuer was given another (a ``ManualFlakeClock`` in tests).
    var clock: FlakeClock { get }

    /// Makes an identifier now or throws at once; never waits and never blocks a thread.
    ///
    /// - Throws: A retryable ``FlakeError`` (its ``FlakeError/retryAfter`` says when
    ///   to try again) when the issuer cannot make one right now, a permanent one otherwise.
    func nextImmediately() throws(FlakeError) -> FlakeID

    /// Makes `count` consecutive identifiers now or throws at once; never waits.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeError/Code/batchCountOutOfRange`` for a count outside the range,
    ///   and the errors of ``nextImmediately()``.
    func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch

    /// Makes the next identifier, suspending the task (never blocking its thread) while the
    /// issuer says "retry after", for at most `limit`. An issuer whose work between
    /// identifiers can block (a file write) does it off Swift's cooperative pool; the default
    /// retries ``nextImmediately()``.
    ///
    /// - Parameter limit: The longest this call waits in all; `.zero` never waits.
    /// - Throws: A permanent ``FlakeError`` at once; a retryable one when the next retry
    ///   would come after `limit`, or when the task is cancelled while it waits.
    func next(waitingAtMost limit: Duration) async throws(FlakeError) -> FlakeID

    /// Makes `count` consecutive identifiers, suspending the task while the issuer says
    /// "retry after", for at most `limit`.
    ///
    /// - Parameters:
    ///   - count: How many identifiers, `1...maximumBatchCount`.
    ///   - limit: The longest this call waits in all; `.zero` never waits.
    /// - Throws: The errors of ``next(waitingAtMost:)``.
    func next(count: Int, waitingAtMost limit: Duration) async throws(FlakeError) -> FlakeIDBatch
}
