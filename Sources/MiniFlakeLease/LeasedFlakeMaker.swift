import MiniFlake
import Synchronization

/// A generator whose instance number is leased from a backend, so that no two live
/// generators share a number and a restarted one never repeats an identifier.
///
/// ```swift
/// let backend = try FileInstanceLeaseBackend()                // or PostgresInstanceLeaseBackend
/// let issuer = try await LeasedFlakeMaker(backend: backend)   // claims a number
/// let renewing = Task { try await issuer.run() }              // keeps the lease alive
/// let id = try issuer.next()
/// issuer.shutdown()                                           // frees the number
/// try await renewing.value
/// ```
///
/// How it stays safe:
/// - **One holder per number.** The backend hands a number to one live holder. The issuer
///   renews the lease every ``Configuration/renewalInterval`` from ``run()``. If no renewal
///   gets through, it stops making identifiers a ``Configuration/safetyMargin`` before the
///   lease would run out, timed with a local monotonic clock, and throws
///   ``LeaseError/expired(instanceNumber:)`` until a renewal or a new claim succeeds. When the
///   backend says the lease is gone it stops at once and claims another number.
/// - **Never below the high-water mark.** Each lease carries the highest tick any earlier
///   holder of the number may have issued; the generator starts above it, even when the clock
///   now reads earlier.
/// - **Reserve before issuing.** Before it issues under a deadline, the issuer stores in the
///   backend a high-water mark above every tick it can reach by that deadline, and it refuses
///   identifiers above the stored mark (``LeaseError/reservationExhausted(instanceNumber:tick:reservedTick:)``).
///   A process that crashes therefore never leaves identifiers above the stored mark, and the
///   next holder of its number starts above all of them. Releasing stores the last tick
///   actually issued, so a clean restart does not jump ahead.
///
/// Checking the lease costs each identifier a monotonic clock read, a few atomic loads and a
/// memory fence on top of ``MiniFlake/FlakeMaker/next()``.
public final class LeasedFlakeMaker: FlakeIssuer, Sendable {
    /// The layout of the identifiers, the backend's.
    public let layout: FlakeLayout
    /// The largest batch ``next(count:)`` accepts.
    public let maximumBatchCount: Int
    /// Where the instance number is leased.
    public let backend: any InstanceLeaseBackend

    private let settings: Settings
    /// The generation of the generator in use (high bits) and the lease-clock millisecond
    /// before which it may issue (low bits; 0 when it may not issue at all).
    private let permit: Atomic<UInt64>
    /// The generator in use. Every generator ever used stays in `State.makers`, so a reader
    /// that loaded an older one can still call it; the permit check then discards its result.
    private let current: Atomic<Unmanaged<FlakeMaker>>
    /// The largest raw value the generator in use may return: the last of the reserved tick.
    private let issueLimit: Atomic<Int64>
    private let state: Mutex<State>

    /// Claims an instance number from the backend, stores a first reservation, and makes a
    /// generator that starts above the number's high-water mark.
    ///
    /// Call ``run()`` next: without renewals the issuer stops at the lease's first deadline.
    ///
    /// - Parameters:
    ///   - backend: Where to lease the number; its layout is the identifiers' layout.
    ///   - clock: The wall clock the identifiers' timestamps come from.
    ///   - maximumLead: How far ahead of the clock a burst may run, as for ``MiniFlake/FlakeMaker``.
    ///   - leadPolicy: Wait for the clock or fail when the lead is used up.
    ///   - configuration: Renewal timing, the lease clock and the sleep function.
    /// - Throws: ``LeaseError/invalidConfiguration(_:)``, ``LeaseError/generator(_:)`` for a
    ///   lead the layout cannot hold, and the backend's errors, such as
    ///   ``LeaseError/noFreeInstance(capacity:)``.
    public init(
        backend: any InstanceLeaseBackend,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        leadPolicy: FlakeMaker.LeadPolicy = .wait,
        configuration: Configuration = Configuration()
    ) async throws(LeaseError) {
        let probe: FlakeMaker
        do {
            probe = try FlakeMaker(
                instance: 0, layout: backend.layout, clock: clock, maximumLead: maximumLead, leadPolicy: leadPolicy)
        } catch {
            throw .generator(error)
        }
        let settings = try Settings(
            backend: backend, clock: clock, maximumLead: maximumLead, maximumLeadTicks: probe.maximumLeadTicks,
            leadPolicy: leadPolicy, configuration: configuration)
        let acquired = try await Self.acquire(settings)

        self.layout = backend.layout
        self.maximumBatchCount = probe.maximumBatchCount
        self.backend = backend
        self.settings = settings
        let generation: UInt64 = 1
        permit = Atomic(Self.permit(generation: generation, deadline: acquired.reservation.deadline))
        current = Atomic(Unmanaged.passUnretained(acquired.maker))
        issueLimit = Atomic(Self.issueLimit(reservedTick: acquired.reservation.reservedTick, layout: backend.layout))
        state = Mutex(
            State(
                makers: [acquired.maker], lease: acquired.lease, generation: generation,
                deadline: acquired.reservation.deadline, reservedTick: acquired.reservation.reservedTick,
                nextAttempt: acquired.reservation.sentAt + settings.renewalMilliseconds))
        settings.onEvent?(.claimed(acquired.lease))
    }

    // MARK: Issuing

    /// The instance number identifiers are made with right now, or `nil` while the issuer may
    /// not issue (lease expired, lost, or released).
    public var currentInstanceNumber: Int? {
        let granted = permit.load(ordering: .acquiring)
        guard settings.leaseClock.milliseconds() < Self.deadline(of: granted) else { return nil }
        return current.load(ordering: .acquiring).takeUnretainedValue().instanceNumber
    }

    /// The lease held right now (possibly past its local deadline while renewals fail), or
    /// `nil` after it was lost or released.
    public var heldLease: InstanceLease? {
        state.withLock { $0.lease }
    }

    /// The last error a claim, renewal or release met, cleared by the next success.
    public var lastError: LeaseError? {
        state.withLock { $0.lastError }
    }

    /// Makes the next identifier.
    ///
    /// - Throws: ``LeaseError/expired(instanceNumber:)`` after the local deadline passed
    ///   without a renewal, ``LeaseError/notHeld`` while a lost lease is being replaced,
    ///   ``LeaseError/shutDown`` after ``shutdown()`` or ``release()``,
    ///   ``LeaseError/reservationExhausted(instanceNumber:tick:reservedTick:)`` when the
    ///   clock jumped past the reservation, and ``LeaseError/generator(_:)``.
    public func next() throws(LeaseError) -> FlakeID {
        while true {
            let granted = permit.load(ordering: .acquiring)
            guard settings.leaseClock.milliseconds() < Self.deadline(of: granted) else { throw stoppedError() }
            let maker = current.load(ordering: .acquiring).takeUnretainedValue()
            let id: FlakeID
            do {
                id = try maker.next()
            } catch {
                throw .generator(error)
            }
            if try confirm(granted, lastRawValue: id.rawValue) { return id }
        }
    }

    /// Makes `count` consecutive identifiers in one step.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: The errors of ``next()``.
    public func next(count: Int) throws(LeaseError) -> FlakeIDBatch {
        while true {
            let granted = permit.load(ordering: .acquiring)
            guard settings.leaseClock.milliseconds() < Self.deadline(of: granted) else { throw stoppedError() }
            let maker = current.load(ordering: .acquiring).takeUnretainedValue()
            let batch: FlakeIDBatch
            do {
                batch = try maker.next(count: count)
            } catch {
                throw .generator(error)
            }
            if try confirm(granted, lastRawValue: batch[batch.endIndex - 1].rawValue) { return batch }
        }
    }

    /// Decides, after the generator made an identifier, whether it may be returned: `true`
    /// when it may, `false` when the generator was replaced meanwhile (make another).
    ///
    /// The fence pairs with the one in ``release()``: either this load sees the permit
    /// revoked, or `release` reads a `lastIssuedTick` that includes this identifier.
    @inline(__always)
    private func confirm(_ granted: UInt64, lastRawValue: Int64) throws(LeaseError) -> Bool {
        let limit = issueLimit.load(ordering: .acquiring)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let now = permit.load(ordering: .relaxed)
        guard now >> Self.deadlineBits == granted >> Self.deadlineBits else { return false }
        guard Self.deadline(of: now) != 0 else { throw stoppedError() }
        guard lastRawValue <= limit else {
            let shift = Int64(layout.timestampShift)
            throw .reservationExhausted(
                instanceNumber: current.load(ordering: .acquiring).takeUnretainedValue().instanceNumber,
                tick: lastRawValue >> shift, reservedTick: limit >> shift)
        }
        return true
    }

    /// The error for an issuer that may not issue right now.
    private func stoppedError() -> LeaseError {
        state.withLock { state in
            switch state.phase {
            case .stopping, .stopped: return .shutDown
            case .ready, .running: break
            }
            guard let lease = state.lease else { return .notHeld }
            return .expired(instanceNumber: lease.instanceNumber)
        }
    }

    // MARK: Running

    /// Keeps the lease: renews it on time, claims a new number when it is lost, and releases
    /// it when ``shutdown()`` is called or the task is cancelled. Returns after the release.
    ///
    /// Errors from the backend do not end it; it retries every
    /// ``Configuration/retryInterval`` and reports them through ``Configuration/onEvent`` and
    /// ``lastError``.
    ///
    /// - Throws: ``LeaseError/alreadyRunning`` when `run()` is already running.
    public func run() async throws(LeaseError) {
        let loop: Task<Void, Never>? = try state.withLock { state throws(LeaseError) in
            switch state.phase {
            case .running: throw .alreadyRunning
            case .stopping, .stopped: return nil
            case .ready: break
            }
            state.phase = .running
            let loop = Task { await self.renewalLoop() }
            state.loop = loop
            return loop
        }
        if let loop {
            await withTaskCancellationHandler {
                await loop.value
            } onCancel: {
                self.shutdown()
            }
        }
        // A fresh task, so that a cancelled caller does not cancel the release request.
        await Task { await self.release() }.value
    }

    /// Stops making identifiers at once and asks ``run()`` to release the number and return.
    ///
    /// Call ``release()`` instead (and await it) when `run()` is not running.
    public func shutdown() {
        let loop = state.withLock { state in
            if state.phase == .ready || state.phase == .running { state.phase = .stopping }
            revoke(&state)
            return state.loop
        }
        loop?.cancel()
    }

    /// Stops making identifiers for good, frees the number in the backend and stores the last
    /// tick issued as its high-water mark. Does nothing the second time.
    ///
    /// When the backend cannot be reached the lease runs out on its own and keeps the last
    /// reserved mark, which is above every identifier issued.
    public func release() async {
        let held = state.withLock { state -> (InstanceLease, FlakeMaker)? in
            state.phase = .stopped
            revoke(&state)
            state.loop?.cancel()
            guard let lease = state.lease, let maker = state.makers.last else { return nil }
            state.lease = nil
            return (lease, maker)
        }
        guard let (lease, maker) = held else { return }
        // Pairs with the fence in `confirm`: every identifier returned is counted below.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let lastTick = maker.lastIssuedTick
        do {
            try await backend.release(lease, highWaterTick: lastTick)
            settings.onEvent?(.released(instanceNumber: lease.instanceNumber, highWaterTick: lastTick))
        } catch {
            state.withLock { $0.lastError = error }
            settings.onEvent?(.releaseFailed(instanceNumber: lease.instanceNumber, error))
        }
    }

    private func renewalLoop() async {
        while !Task.isCancelled {
            let (step, event) = state.withLock { nextStep(&$0) }
            if let event { settings.onEvent?(event) }
            switch step {
            case .stop:
                return
            case .wait(let milliseconds):
                do {
                    try await settings.sleep(.milliseconds(milliseconds))
                } catch {
                    return
                }
            case .renew(let lease, let maker, let generation):
                await renew(lease, maker: maker, generation: generation)
            case .claim:
                await reclaim()
            }
        }
    }

    private func nextStep(_ state: inout State) -> (Step, LeaseEvent?) {
        guard state.phase == .running else { return (.stop, nil) }
        let now = Self.now(settings)
        guard let lease = state.lease, let maker = state.makers.last else {
            if now >= state.nextAttempt { return (.claim, nil) }
            return (.wait(min(state.nextAttempt - now, settings.checkMilliseconds)), nil)
        }
        var event: LeaseEvent?
        if now >= state.deadline && !state.expiryReported {
            state.expiryReported = true
            event = .expired(instanceNumber: lease.instanceNumber)
        }
        // Renew early when the generator nears its reservation (the wall clock jumped ahead).
        let (headroom, overflow) = (maker.lastIssuedTick ?? 0).addingReportingOverflow(
            settings.renewalTicks + settings.maximumLeadTicks)
        let pressed = (overflow || headroom > state.reservedTick) && now >= state.retryNotBefore
        if now >= state.nextAttempt || pressed {
            return (.renew(lease, maker, state.generation), event)
        }
        return (.wait(min(state.nextAttempt - now, settings.checkMilliseconds)), event)
    }

    private func renew(_ lease: InstanceLease, maker: FlakeMaker, generation: UInt64) async {
        let reservation = Self.reserve(settings, maker: maker)
        do {
            let renewed = try await backend.renew(lease, highWaterTick: reservation.reservedTick)
            let published = state.withLock { state -> Bool in
                guard state.phase == .running, state.generation == generation, state.lease != nil else { return false }
                state.lease = renewed
                state.reservedTick = max(state.reservedTick, reservation.reservedTick)
                state.deadline = max(state.deadline, reservation.deadline)
                state.nextAttempt = reservation.sentAt + settings.renewalMilliseconds
                state.retryNotBefore = reservation.sentAt + settings.retryMilliseconds
                state.expiryReported = false
                state.lastError = nil
                publish(state)
                return true
            }
            if published { settings.onEvent?(.renewed(renewed)) }
        } catch .lost(let number) {
            let stopped = state.withLock { state -> Bool in
                guard state.generation == generation, state.lease != nil else { return false }
                revoke(&state)
                state.lease = nil
                state.lastError = .lost(instanceNumber: number)
                state.nextAttempt = Self.now(settings)
                return true
            }
            if stopped { settings.onEvent?(.lost(instanceNumber: number)) }
        } catch {
            state.withLock { state in
                let now = Self.now(settings)
                state.lastError = error
                state.nextAttempt = now + settings.retryMilliseconds
                state.retryNotBefore = now + settings.retryMilliseconds
            }
            settings.onEvent?(.renewalFailed(instanceNumber: lease.instanceNumber, error))
        }
    }

    private func reclaim() async {
        do {
            let acquired = try await Self.acquire(settings)
            let installed = state.withLock { state -> Bool in
                guard state.phase == .running, state.lease == nil else { return false }
                install(acquired, into: &state)
                return true
            }
            if installed {
                settings.onEvent?(.claimed(acquired.lease))
            } else {
                try? await backend.release(acquired.lease, highWaterTick: acquired.maker.lastIssuedTick)
            }
        } catch {
            state.withLock { state in
                state.lastError = error
                state.nextAttempt = Self.now(settings) + settings.retryMilliseconds
            }
            settings.onEvent?(.claimFailed(error))
        }
    }

    // MARK: Publishing to the hot path (always under the state lock)

    private func install(_ acquired: Acquired, into state: inout State) {
        revoke(&state)
        state.generation &+= 1
        state.makers.append(acquired.maker)
        state.lease = acquired.lease
        state.deadline = acquired.reservation.deadline
        state.reservedTick = acquired.reservation.reservedTick
        state.nextAttempt = acquired.reservation.sentAt + settings.renewalMilliseconds
        state.retryNotBefore = acquired.reservation.sentAt
        state.expiryReported = false
        state.lastError = nil
        current.store(Unmanaged.passUnretained(acquired.maker), ordering: .releasing)
        publish(state)
    }

    /// Publishes the reservation, then the deadline: a reader that sees the new deadline sees
    /// the reservation that was stored before it.
    private func publish(_ state: State) {
        issueLimit.store(Self.issueLimit(reservedTick: state.reservedTick, layout: layout), ordering: .releasing)
        permit.store(Self.permit(generation: state.generation, deadline: state.deadline), ordering: .releasing)
    }

    private func revoke(_ state: inout State) {
        permit.store(Self.permit(generation: state.generation, deadline: 0), ordering: .sequentiallyConsistent)
    }

    // MARK: Claiming and reserving

    /// Claims a number, makes its generator, and stores a first reservation, releasing the
    /// number again when any step fails.
    private static func acquire(_ settings: Settings) async throws(LeaseError) -> Acquired {
        let backend = settings.backend
        let lease = try await backend.claim()
        let maker: FlakeMaker
        do {
            maker = try FlakeMaker(
                instance: lease.instanceNumber, layout: settings.layout, clock: settings.clock,
                maximumLead: settings.maximumLead, leadPolicy: settings.leadPolicy,
                lastIssuedTick: lease.highWaterTick)
        } catch {
            try? await backend.release(lease, highWaterTick: nil)
            throw .generator(error)
        }
        let reservation = reserve(settings, maker: maker)
        do {
            let renewed = try await backend.renew(lease, highWaterTick: reservation.reservedTick)
            return Acquired(lease: renewed, maker: maker, reservation: reservation)
        } catch {
            try? await backend.release(lease, highWaterTick: maker.lastIssuedTick)
            throw error
        }
    }

    /// The deadline a renewal sent now buys, and a tick above everything the generator can
    /// issue before the lease runs out: the later of its last tick and the wall clock, plus
    /// the whole lease duration and the maximum lead.
    private static func reserve(_ settings: Settings, maker: FlakeMaker) -> Reservation {
        let sentAt = Self.now(settings)
        let layout = settings.layout
        let wallTick = max(0, layout.tick(millisecondsSince1970: settings.clock.millisecondsSince1970()))
        let base = max(maker.lastIssuedTick ?? 0, wallTick)
        let (sum, overflow) = base.addingReportingOverflow(settings.leaseTicks + settings.maximumLeadTicks + 1)
        return Reservation(
            sentAt: sentAt,
            deadline: sentAt + settings.leaseMilliseconds - settings.marginMilliseconds,
            reservedTick: overflow ? layout.maximumTick : min(sum, layout.maximumTick))
    }

    // MARK: The permit word

    /// The lease clock, held to the range the permit word can hold, so that arithmetic on
    /// readings never overflows whatever a custom clock returns.
    private static func now(_ settings: Settings) -> Int64 {
        min(max(settings.leaseClock.milliseconds(), 0), Int64(deadlineMask))
    }

    private static let deadlineBits: UInt64 = 44
    private static let deadlineMask: UInt64 = (1 << deadlineBits) - 1

    private static func permit(generation: UInt64, deadline: Int64) -> UInt64 {
        let clamped = deadline <= 0 ? 0 : UInt64(min(deadline, Int64(deadlineMask)))
        return generation << deadlineBits | clamped
    }

    @inline(__always)
    private static func deadline(of permit: UInt64) -> Int64 {
        Int64(permit & deadlineMask)
    }

    private static func issueLimit(reservedTick: Int64, layout: FlakeLayout) -> Int64 {
        let next = UInt64(reservedTick) + 1
        return Int64(truncatingIfNeeded: next << UInt64(layout.timestampShift) - 1)
    }
}

extension LeasedFlakeMaker {
    private enum Phase: Sendable {
        /// Claimed; `run()` not called yet.
        case ready
        case running
        /// `shutdown()` was called; `run()` releases and returns.
        case stopping
        /// Released; nothing more happens.
        case stopped
    }

    private enum Step {
        case stop
        case wait(Int64)
        case renew(InstanceLease, FlakeMaker, UInt64)
        case claim
    }

    private struct State {
        var phase: Phase = .ready
        /// Every generator used so far, the one in use last.
        var makers: [FlakeMaker]
        var lease: InstanceLease?
        var generation: UInt64
        var deadline: Int64
        var reservedTick: Int64
        /// When to renew (holding) or claim (not holding) next, by the lease clock.
        var nextAttempt: Int64
        var retryNotBefore: Int64 = 0
        var expiryReported = false
        var loop: Task<Void, Never>?
        var lastError: LeaseError?

        init(
            makers: [FlakeMaker], lease: InstanceLease?, generation: UInt64, deadline: Int64, reservedTick: Int64,
            nextAttempt: Int64
        ) {
            self.makers = makers
            self.lease = lease
            self.generation = generation
            self.deadline = deadline
            self.reservedTick = reservedTick
            self.nextAttempt = nextAttempt
        }
    }

    private struct Acquired: Sendable {
        let lease: InstanceLease
        let maker: FlakeMaker
        let reservation: Reservation
    }

    private struct Reservation: Sendable {
        /// When the request was sent, by the lease clock.
        let sentAt: Int64
        /// The lease-clock millisecond from which the issuer may not issue.
        let deadline: Int64
        let reservedTick: Int64
    }

    /// The configuration, checked and turned into milliseconds and ticks.
    private struct Settings: Sendable {
        let backend: any InstanceLeaseBackend
        let layout: FlakeLayout
        let clock: FlakeClock
        let maximumLead: Duration
        let maximumLeadTicks: Int64
        let leadPolicy: FlakeMaker.LeadPolicy
        let leaseClock: LeaseClock
        let leaseMilliseconds: Int64
        let marginMilliseconds: Int64
        let renewalMilliseconds: Int64
        let retryMilliseconds: Int64
        let checkMilliseconds: Int64
        let leaseTicks: Int64
        let renewalTicks: Int64
        let sleep: @Sendable (Duration) async throws -> Void
        let onEvent: (@Sendable (LeaseEvent) -> Void)?

        init(
            backend: any InstanceLeaseBackend, clock: FlakeClock, maximumLead: Duration, maximumLeadTicks: Int64,
            leadPolicy: FlakeMaker.LeadPolicy, configuration: Configuration
        ) throws(LeaseError) {
            let lease = Self.milliseconds(backend.leaseDuration)
            let margin = Self.milliseconds(configuration.safetyMargin ?? backend.leaseDuration / 6)
            let renewal = Self.milliseconds(configuration.renewalInterval ?? backend.leaseDuration / 3)
            let retry = Self.milliseconds(configuration.retryInterval)
            let check = Self.milliseconds(configuration.checkInterval)
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
            self.backend = backend
            self.layout = backend.layout
            self.clock = clock
            self.maximumLead = maximumLead
            self.maximumLeadTicks = maximumLeadTicks
            self.leadPolicy = leadPolicy
            self.leaseClock = configuration.leaseClock
            self.leaseMilliseconds = lease
            self.marginMilliseconds = margin
            self.renewalMilliseconds = renewal
            self.retryMilliseconds = retry
            self.checkMilliseconds = check
            let tick = backend.layout.tickMilliseconds
            self.leaseTicks = (lease + tick - 1) / tick
            self.renewalTicks = (renewal + tick - 1) / tick
            self.sleep = configuration.sleep
            self.onEvent = configuration.onEvent
        }

        static let longestLease: Int64 = 30 * 24 * 3600 * 1000

        /// Whole milliseconds, rounded down; negative durations stay negative, huge ones are
        /// clamped.
        static func milliseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            if overflow { return seconds < 0 ? .min : .max }
            return product + attoseconds / 1_000_000_000_000_000
        }
    }
}
