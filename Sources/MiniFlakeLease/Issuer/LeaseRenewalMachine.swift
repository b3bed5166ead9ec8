/// The renewal decisions of a ``LeasedFlakeIssuer``, apart from any clock, backend or task:
/// given its state and a lease-clock reading, it says what to do next (renew, claim, wait or
/// stop), and it takes in what came of it (renewed, failed, lost, claimed).
///
/// All times are lease-clock milliseconds; ticks are the identifiers' layout's.
struct LeaseRenewalMachine: Sendable, Hashable {
    /// Where the issuer is in its life.
    enum Phase: Sendable, Hashable {
        /// Claimed; `run()` not called yet.
        case ready
        /// `run()` keeps the lease.
        case running
        /// `shutdown()` was called; `run()` releases and returns.
        case stopping
        /// Released; nothing more happens.
        case stopped
    }

    /// What the renewal loop does next.
    enum Step: Sendable, Hashable {
        /// Return: the issuer is shutting down.
        case stop
        /// Sleep this many milliseconds, then ask again.
        case wait(milliseconds: Int64)
        /// Renew the lease held, reserving a new high-water mark.
        case renew
        /// Claim a new number: none is held.
        case claim
    }

    /// A step, and whether the local deadline has just been found passed (to report once).
    struct Decision: Sendable, Hashable {
        var step: Step
        var expired: Bool = false
    }

    /// The intervals the decisions use.
    struct Timing: Sendable, Hashable {
        /// How long after a successful renewal or claim the next renewal is due.
        var renewalMilliseconds: Int64
        /// How long after a failure the next attempt is due.
        var retryMilliseconds: Int64
        /// The longest wait before looking at the deadlines again.
        var checkMilliseconds: Int64
        /// The renewal interval in ticks, rounded up.
        var renewalTicks: Int64
        /// How far ahead of the clock the generator may run, in ticks.
        var maximumLeadTicks: Int64
    }

    let timing: Timing
    var phase: Phase = .ready
    /// Whether a lease is held (it may be past its local deadline while renewals fail).
    var isHolding = true
    /// The lease-clock millisecond from which the issuer may not issue.
    var deadline: Int64
    /// The high-water mark stored in the backend: the issuer makes no identifier above it.
    var reservedTick: Int64
    /// When to renew (holding) or claim (not holding) next.
    var nextAttempt: Int64
    /// The earliest time an early renewal (the generator nearing its reservation) may start.
    var retryNotBefore: Int64
    /// Whether the passing of the current deadline was reported already.
    var expiryReported = false
    /// The highest tick a caller was refused for, above the reservation: the generator issues
    /// nothing past its ceiling, so its last tick alone would not show the pressure.
    var refusedTick: Int64?

    /// The state right after the first claim and reservation, sent at `sentAt`.
    init(timing: Timing, sentAt: Int64, deadline: Int64, reservedTick: Int64) {
        self.timing = timing
        self.deadline = deadline
        self.reservedTick = reservedTick
        self.nextAttempt = sentAt + timing.renewalMilliseconds
        self.retryNotBefore = 0
    }

    /// Decides what to do at lease-clock millisecond `now`, given the tick of the last
    /// identifier the generator issued (and the highest tick a caller was refused for).
    ///
    /// Renews when due, or early when the generator is within a renewal interval plus the
    /// maximum lead of its reservation (the wall clock jumped ahead), but not more often than
    /// the retry interval. Claims when no lease is held and a claim is due.
    mutating func nextStep(now: Int64, lastIssuedTick: Int64?) -> Decision {
        guard phase == .running else { return Decision(step: .stop) }
        guard isHolding else {
            if now >= nextAttempt { return Decision(step: .claim) }
            return Decision(step: .wait(milliseconds: min(nextAttempt - now, timing.checkMilliseconds)))
        }
        var expired = false
        if now >= deadline && !expiryReported {
            expiryReported = true
            expired = true
        }
        let wanted = max(lastIssuedTick ?? 0, refusedTick ?? 0)
        let (headroom, overflow) = wanted.addingReportingOverflow(
            timing.renewalTicks + timing.maximumLeadTicks)
        let pressed = (overflow || headroom > reservedTick) && now >= retryNotBefore
        if now >= nextAttempt || pressed {
            return Decision(step: .renew, expired: expired)
        }
        return Decision(step: .wait(milliseconds: min(nextAttempt - now, timing.checkMilliseconds)), expired: expired)
    }

    /// A renewal sent at `sentAt` succeeded: it bought `deadline` and stored `reservedTick`.
    mutating func renewed(sentAt: Int64, deadline: Int64, reservedTick: Int64) {
        self.reservedTick = max(self.reservedTick, reservedTick)
        self.deadline = max(self.deadline, deadline)
        nextAttempt = sentAt + timing.renewalMilliseconds
        retryNotBefore = sentAt + timing.retryMilliseconds
        expiryReported = false
    }

    /// A caller was refused an identifier at `tick`, at or past the reservation: renew early.
    mutating func refused(atTick tick: Int64) {
        refusedTick = max(refusedTick ?? tick, tick)
    }

    /// A renewal failed at `now` for a reason that may pass: try again after the retry interval.
    mutating func renewalFailed(now: Int64) {
        nextAttempt = now + timing.retryMilliseconds
        retryNotBefore = now + timing.retryMilliseconds
    }

    /// The backend says the lease is gone: stop holding it and claim another number at once.
    mutating func lost(now: Int64) {
        isHolding = false
        nextAttempt = now
    }

    /// A new number was claimed and reserved by a request sent at `sentAt`.
    mutating func claimed(sentAt: Int64, deadline: Int64, reservedTick: Int64) {
        isHolding = true
        self.deadline = deadline
        self.reservedTick = reservedTick
        nextAttempt = sentAt + timing.renewalMilliseconds
        retryNotBefore = sentAt
        expiryReported = false
    }

    /// A claim failed at `now`: try again after the retry interval.
    mutating func claimFailed(now: Int64) {
        nextAttempt = now + timing.retryMilliseconds
    }

    /// How long a caller that may not issue at `now` should wait before trying again: until the
    /// next renewal or claim is due (or, for a reservation, until an early renewal may start),
    /// at least 10 ms and at most the retry interval.
    func retryAfterMilliseconds(now: Int64, reservation: Bool = false) -> Int64 {
        let due = reservation ? max(retryNotBefore, now) : nextAttempt
        return min(max(due - now, 10), max(timing.retryMilliseconds, 10))
    }
}
