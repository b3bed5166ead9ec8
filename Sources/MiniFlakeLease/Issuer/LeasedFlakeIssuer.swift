import MiniFlake
import Synchronization

/// An issuer whose instance number is leased from a backend, so that no two live generators
/// share a number and a restarted one never repeats an identifier.
///
/// ```swift
/// let backend = try FileInstanceLeaseBackend()                 // or PostgresInstanceLeaseBackend
/// let issuer = try await LeasedFlakeIssuer(backend: backend)   // claims a number
/// let renewing = Task { try await issuer.run() }               // keeps the lease alive
/// let id = try await issuer.next()
/// issuer.shutdown()                                            // frees the number
/// try await renewing.value
/// ```
///
/// How it stays safe:
/// - **One holder per number.** The backend hands a number to one live holder. The issuer
///   renews the lease every ``Configuration/renewalInterval`` from ``run()``. If no renewal
///   gets through, it stops making identifiers a ``Configuration/safetyMargin`` before the
///   lease would run out, timed with a local monotonic clock, and throws a retryable
///   `FlakeIssueError` (``MiniFlake/FlakeIssueError/Code/noInstance``) until a renewal or a new
///   claim succeeds. When the backend says the lease is gone it stops at once and claims
///   another number.
/// - **Never below the high-water mark.** Each lease carries the highest tick any earlier
///   holder of the number may have issued; the generator starts above it, even when the clock
///   now reads earlier.
/// - **Reserve before issuing.** Before it issues under a deadline, the issuer stores in the
///   backend a high-water mark above every tick it can reach by that deadline, and it refuses
///   identifiers above the stored mark (``MiniFlake/FlakeIssueError/Code/reservationPending``).
///   A process that crashes therefore never leaves identifiers above the stored mark, and the
///   next holder of its number starts above all of them. Releasing stores the last tick
///   actually issued, so a clean restart does not jump ahead.
///
/// The renewal decisions are `LeaseRenewalMachine`'s; this type runs them and publishes
/// their outcome to the issuing path through one packed `LeasePermit` word. Checking the
/// lease costs each identifier a monotonic clock read, a few atomic operations and a memory
/// fence on top of ``MiniFlake/FlakeMaker/next()``.
public final class LeasedFlakeIssuer: FlakeIssuer, Sendable {
    /// The layout of the identifiers, the backend's.
    public let layout: FlakeLayout
    /// The largest batch ``nextImmediately(count:)`` accepts.
    public let maximumBatchCount: Int
    /// Where the instance number is leased.
    public let backend: any InstanceLeaseBackend

    let settings: LeaseSettings
    /// The ``LeasePermit`` of the generator in use.
    let permit: Atomic<UInt64>
    /// The generator in use. Older generators stay in `State.makers` while a reader may still
    /// hold one (see ``retireGenerators(_:)``); the permit check discards what they make.
    let current: Atomic<Unmanaged<FlakeMaker>>
    /// How many calls are between loading `current` and being done with what they loaded.
    let readers = Atomic<Int>(0)
    /// The largest raw value the generator in use may return: the last of the reserved tick.
    let issueLimit: Atomic<Int64>
    let state: Mutex<State>

    /// Claims an instance number from the backend, stores a first reservation, and makes a
    /// generator that starts above the number's high-water mark.
    ///
    /// Call ``run()`` next: without renewals the issuer stops at the lease's first deadline.
    ///
    /// - Parameters:
    ///   - backend: Where to lease the number; its layout is the identifiers' layout.
    ///   - clock: The wall clock the identifiers' timestamps come from.
    ///   - maximumLead: How far ahead of the clock a burst may run, as for ``MiniFlake/FlakeMaker``.
    ///   - leadPolicy: What the synchronous ``next()`` does when the lead is used up (wait for
    ///     the clock, or fail); ``nextImmediately()`` and the async `next()` never block.
    ///   - configuration: Renewal timing, the lease clock and the sleep function.
    /// - Throws: ``LeaseBackendError/Code/invalidConfiguration`` for settings that cannot work
    ///   (including a lead the layout cannot hold), and the backend's errors, such as
    ///   ``LeaseBackendError/Code/noFreeInstance``.
    public init(
        backend: any InstanceLeaseBackend,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        leadPolicy: FlakeMaker.LeadPolicy = .wait,
        configuration: Configuration = Configuration()
    ) async throws(LeaseBackendError) {
        let settings = try LeaseSettings(
            backend: backend, clock: clock, maximumLead: maximumLead, leadPolicy: leadPolicy,
            configuration: configuration)
        let acquired = try await Self.acquire(settings)

        self.layout = backend.layout
        self.maximumBatchCount = settings.maximumBatchCount
        self.backend = backend
        self.settings = settings
        let generation: UInt64 = 1
        let reservation = acquired.reservation
        permit = Atomic(LeasePermit(generation: generation, deadline: reservation.deadline).rawValue)
        current = Atomic(Unmanaged.passUnretained(acquired.maker))
        issueLimit = Atomic(Self.issueLimit(reservedTick: reservation.reservedTick, layout: backend.layout))
        let machine = LeaseRenewalMachine(
            timing: settings.timing, sentAt: reservation.sentAt, deadline: reservation.deadline,
            reservedTick: reservation.reservedTick)
        state = Mutex(State(machine: machine, makers: [acquired.maker], lease: acquired.lease, generation: generation))
        settings.onEvent?(.claimed(acquired.lease))
    }

    // MARK: Issuing

    /// The instance number identifiers are made with right now, or `nil` while the issuer may
    /// not issue (lease expired, lost, or released).
    public var currentInstanceNumber: Int? {
        readers.add(1, ordering: .sequentiallyConsistent)
        defer { readers.subtract(1, ordering: .sequentiallyConsistent) }
        let granted = LeasePermit(rawValue: permit.load(ordering: .acquiring))
        guard granted.allows(at: settings.leaseClock.milliseconds()) else { return nil }
        return current.load(ordering: .sequentiallyConsistent).takeUnretainedValue().instanceNumber
    }

    /// The lease held right now (possibly past its local deadline while renewals fail), or
    /// `nil` after it was lost or released.
    public var heldLease: InstanceLease? {
        state.withLock { $0.lease }
    }

    /// The last error a claim, renewal or release met, cleared by the next success.
    public var lastError: LeaseBackendError? {
        state.withLock { $0.lastError }
    }

    /// Makes the next identifier now, or throws at once; never waits and never blocks.
    ///
    /// - Throws: ``MiniFlake/FlakeIssueError/Code/noInstance`` (retryable) after the local
    ///   deadline passed without a renewal or while a lost lease is being replaced,
    ///   ``MiniFlake/FlakeIssueError/Code/reservationPending`` (retryable) when the clock
    ///   jumped past the reservation, ``MiniFlake/FlakeIssueError/Code/shutDown`` after
    ///   ``shutdown()`` or ``release()``, and the generator's errors.
    public func nextImmediately() throws(FlakeIssueError) -> FlakeID {
        try issue { maker throws(FlakeIssueError) in
            let id = try maker.nextImmediately()
            return (id, id.rawValue)
        }
    }

    /// Makes `count` consecutive identifiers now, or throws at once; never waits.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: The errors of ``nextImmediately()``.
    public func nextImmediately(count: Int) throws(FlakeIssueError) -> FlakeIDBatch {
        try issue { maker throws(FlakeIssueError) in
            let batch = try maker.nextImmediately(count: count)
            return (batch, batch[batch.endIndex - 1].rawValue)
        }
    }

    /// Makes the next identifier; under ``MiniFlake/FlakeMaker/LeadPolicy/wait`` it blocks the
    /// thread while the generator waits for the clock. In async code prefer `await next()`,
    /// which suspends instead.
    ///
    /// - Throws: The errors of ``nextImmediately()``; under ``MiniFlake/FlakeMaker/LeadPolicy/fail``
    ///   also ``MiniFlake/FlakeIssueError/Code/leadLimitReached``.
    public func next() throws(FlakeIssueError) -> FlakeID {
        let tick = layout.tickMilliseconds
        return try issue { maker throws(FlakeIssueError) in
            do throws(FlakeError) {
                let id = try maker.next()
                return (id, id.rawValue)
            } catch {
                throw FlakeIssueError(error, tickMilliseconds: tick)
            }
        }
    }

    /// Makes `count` consecutive identifiers, blocking like ``next()``.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: The errors of ``next()``.
    public func next(count: Int) throws(FlakeIssueError) -> FlakeIDBatch {
        let tick = layout.tickMilliseconds
        return try issue { maker throws(FlakeIssueError) in
            do throws(FlakeError) {
                let batch = try maker.next(count: count)
                return (batch, batch[batch.endIndex - 1].rawValue)
            } catch {
                throw FlakeIssueError(error, tickMilliseconds: tick)
            }
        }
    }

    /// Checks the permit, calls the generator in use, and confirms the result; makes another
    /// when the generator was replaced meanwhile.
    @inline(__always)
    private func issue<Value>(
        _ make: (FlakeMaker) throws(FlakeIssueError) -> (Value, last: Int64)
    ) throws(FlakeIssueError) -> Value {
        // Counted from before `current` is loaded until its result is confirmed, so that a
        // generator is retired only when no call can still be using it.
        readers.add(1, ordering: .sequentiallyConsistent)
        defer { readers.subtract(1, ordering: .sequentiallyConsistent) }
        while true {
            let granted = LeasePermit(rawValue: permit.load(ordering: .acquiring))
            guard granted.allows(at: settings.leaseClock.milliseconds()) else { throw stoppedError() }
            let maker = current.load(ordering: .sequentiallyConsistent).takeUnretainedValue()
            let (value, last) = try make(maker)
            if try confirm(granted, lastRawValue: last, maker: maker) { return value }
        }
    }

    /// Decides, after the generator made an identifier, whether it may be returned: `true`
    /// when it may, `false` when the generator was replaced meanwhile (make another).
    ///
    /// The fence pairs with the one in ``release()``: either this load sees the permit
    /// revoked, or `release` reads a `lastIssuedTick` that includes this identifier.
    @inline(__always)
    private func confirm(_ granted: LeasePermit, lastRawValue: Int64, maker: FlakeMaker) throws(FlakeIssueError)
        -> Bool
    {
        let limit = issueLimit.load(ordering: .acquiring)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let now = LeasePermit(rawValue: permit.load(ordering: .relaxed))
        guard now.isSameGeneration(as: granted) else { return false }
        guard !now.isRevoked else { throw stoppedError() }
        guard lastRawValue <= limit else {
            let shift = Int64(layout.timestampShift)
            let (tick, reserved) = (lastRawValue >> shift, limit >> shift)
            let wait = state.withLock { $0.machine.retryAfterMilliseconds(now: settings.now(), reservation: true) }
            throw FlakeIssueError(
                .reservationPending, retryAfter: .milliseconds(wait),
                message:
                    "instance number \(maker.instanceNumber): tick \(tick) is above the reserved high-water mark \(reserved); renewing early"
            )
        }
        return true
    }

    /// The error for an issuer that may not issue right now.
    private func stoppedError() -> FlakeIssueError {
        state.withLock { state in
            switch state.machine.phase {
            case .stopping, .stopped:
                return FlakeIssueError(.shutDown, message: "the issuer was shut down")
            case .ready, .running:
                break
            }
            let wait = Duration.milliseconds(state.machine.retryAfterMilliseconds(now: settings.now()))
            guard let lease = state.lease else {
                return FlakeIssueError(
                    .noInstance, retryAfter: wait,
                    message: "no instance number is leased right now; the issuer is claiming one")
            }
            return FlakeIssueError(
                .noInstance, retryAfter: wait,
                message:
                    "the lease on instance number \(lease.instanceNumber) could not be renewed in time; no IDs until it is renewed"
            )
        }
    }

    static func issueLimit(reservedTick: Int64, layout: FlakeLayout) -> Int64 {
        let next = UInt64(reservedTick) + 1
        return Int64(truncatingIfNeeded: next << UInt64(layout.timestampShift) - 1)
    }
}

/// The old name of ``LeasedFlakeIssuer``.
@available(*, deprecated, renamed: "LeasedFlakeIssuer")
public typealias LeasedFlakeMaker = LeasedFlakeIssuer
