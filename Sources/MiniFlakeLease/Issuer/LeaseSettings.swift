import MiniFlake

/// A ``LeasedFlakeIssuer``'s configuration, checked and turned into milliseconds and ticks,
/// with the backend and the clocks it applies to.
struct LeaseSettings: Sendable {
    let backend: any InstanceLeaseBackend
    let layout: FlakeLayout
    let clock: FlakeClock
    let maximumLead: Duration
    let maximumLeadTicks: Int64
    let leaseMilliseconds: Int64
    let marginMilliseconds: Int64
    let renewalMilliseconds: Int64
    let retryMilliseconds: Int64
    let checkMilliseconds: Int64
    let leaseTicks: Int64
    let renewalTicks: Int64
    let onEvent: (@Sendable (LeaseEvent) -> Void)?

    /// Checks a configuration against a backend.
    ///
    /// - Throws: ``LeaseBackendError/Code/invalidConfiguration`` for durations that cannot
    ///   work together, a maximum lead the layout cannot hold, or one that runs past the lease's
    ///   end by more than a ``TakeoverOverrunBound`` backend allows.
    init(
        backend: any InstanceLeaseBackend, clock: FlakeClock, maximumLead: Duration,
        configuration: LeasedFlakeIssuer.Configuration
    ) throws(LeaseBackendError) {
        let maximumLeadTicks: Int64
        do {
            maximumLeadTicks = try FlakeMaker.leadTicks(for: maximumLead, layout: backend.layout)
        } catch {
            throw .invalidConfiguration(error.description)
        }
        let lease = backend.leaseDuration.milliseconds()
        let margin = (configuration.safetyMargin ?? backend.leaseDuration / 6).milliseconds()
        let renewal = (configuration.renewalInterval ?? backend.leaseDuration / 3).milliseconds()
        let retry = configuration.retryInterval.milliseconds()
        let check = configuration.checkInterval.milliseconds()
        guard (1...Self.longestLease).contains(lease) else {
            throw .invalidConfiguration("the lease duration must be between 1 ms and 30 days")
        }
        guard margin >= 0, margin < lease else {
            throw .invalidConfiguration("the safety margin must be at least 0 and shorter than the lease")
        }
        guard renewal > 0, renewal < lease - margin else {
            throw .invalidConfiguration(
                "the renewal interval must be positive and shorter than the lease less the safety margin")
        }
        guard retry > 0, check > 0 else {
            throw .invalidConfiguration("the retry and check intervals must be positive")
        }
        if let bound = backend as? any TakeoverOverrunBound,
            maximumLead.milliseconds() - margin > bound.takeoverOverrun.milliseconds()
        {
            throw .invalidConfiguration(
                "a maximum lead of \(maximumLead.milliseconds()) ms with a safety margin of \(margin) ms runs past the lease's end by more than the \(bound.takeoverOverrun.milliseconds()) ms miniflake_reserve_instance waits beyond it: lower the lead or raise the safety margin"
            )
        }
        self.backend = backend
        self.layout = backend.layout
        self.clock = clock
        self.maximumLead = maximumLead
        self.maximumLeadTicks = maximumLeadTicks
        self.leaseMilliseconds = lease
        self.marginMilliseconds = margin
        self.renewalMilliseconds = renewal
        self.retryMilliseconds = retry
        self.checkMilliseconds = check
        let tick = backend.layout.tickMilliseconds
        self.leaseTicks = (lease + tick - 1) / tick
        self.renewalTicks = (renewal + tick - 1) / tick
        self.onEvent = configuration.onEvent
    }

    static let longestLease: Int64 = 30 * 24 * 3600 * 1000

    /// The intervals the renewal state machine decides with.
    var timing: LeaseRenewalMachine.Timing {
        LeaseRenewalMachine.Timing(
            renewalMilliseconds: renewalMilliseconds, retryMilliseconds: retryMilliseconds,
            checkMilliseconds: checkMilliseconds, renewalTicks: renewalTicks, maximumLeadTicks: maximumLeadTicks)
    }

    /// The latest lease-clock millisecond the issuer works with, about 557 years: readings are
    /// held below it so that arithmetic on them never overflows.
    static let latestMillisecond: Int64 = 1 << 44 - 1

    /// The clock's elapsed time, which the lease is timed by, held to `0...latestMillisecond`
    /// whatever a custom clock returns.
    func now() -> Int64 {
        Self.held(clock)
    }

    /// A reading of `clock`'s elapsed time, held to `0...latestMillisecond`.
    static func held(_ clock: FlakeClock) -> Int64 {
        min(max(clock.elapsedMilliseconds(), 0), latestMillisecond)
    }

    /// The generator's clock: the wall clock for timestamps, the elapsed time held as
    /// ``now()`` holds it for the window's deadline. The system's elapsed time (milliseconds
    /// since boot) is always within that range, so it is read as it is: a generator checks the
    /// deadline whenever it enters a tick, and a closure there costs every first ID of a
    /// millisecond.
    var makerClock: FlakeClock {
        let clock = clock
        guard !clock.readsSystemElapsedTime else { return clock }
        return clock.withElapsed { Self.held(clock) }
    }

    /// A request about to be sent: the deadline it buys, and a tick above everything the
    /// generator can issue before the lease runs out (the later of `lastIssuedTick` and the
    /// wall clock, plus the whole lease duration and the maximum lead).
    func reservation(after lastIssuedTick: Int64?) -> Reservation {
        let sentAt = now()
        let wallTick = max(0, layout.tick(millisecondsSince1970: clock.millisecondsSince1970()))
        let base = max(lastIssuedTick ?? 0, wallTick)
        let (sum, overflow) = base.addingReportingOverflow(leaseTicks + maximumLeadTicks + 1)
        return Reservation(
            sentAt: sentAt,
            deadline: sentAt + leaseMilliseconds - marginMilliseconds,
            reservedTick: overflow ? layout.maximumTick : min(sum, layout.maximumTick))
    }

    /// How long a takeover waits from the claim's answer before it issues: one lease duration,
    /// by which the previous holder has passed its last deadline (it renewed before this claim
    /// was answered), plus the maximum lead, by which the clock has reached the floor of
    /// ``takeoverFloor()``.
    var takeoverMilliseconds: Int64 {
        leaseMilliseconds + maximumLead.milliseconds()
    }

    /// The floor of a takeover answered now: above every tick a holder that renewed before now
    /// can issue, whatever the backend lost (the wall clock's tick plus the whole lease duration
    /// and the maximum lead, as ``reservation(after:)`` reserves).
    func takeoverFloor() -> Int64 {
        reservation(after: nil).reservedTick
    }

    /// A renewal or first reservation: when it was sent, the deadline it buys, and the
    /// high-water mark it stores.
    struct Reservation: Sendable, Hashable {
        /// When the request was sent, by the lease clock.
        let sentAt: Int64
        /// The lease-clock millisecond from which the issuer may not issue.
        let deadline: Int64
        let reservedTick: Int64
    }
}
