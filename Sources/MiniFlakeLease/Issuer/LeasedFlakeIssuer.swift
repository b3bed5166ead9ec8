import MiniFlake

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
///   `FlakeError` (``MiniFlake/FlakeError/Code/noInstance``) until a renewal or a new
///   claim succeeds. When the backend says the lease is gone it stops at once and claims
///   another number.
/// - **Never below the high-water mark.** Each lease carries the highest tick any earlier
///   holder of the number may have issued; the generator starts above it, even when the clock
///   now reads earlier.
/// - **Reserve before issuing.** Before it issues under a deadline, the issuer stores in the
///   backend a high-water mark above every tick it can reach by that deadline, and it refuses
///   identifiers above the stored mark (``MiniFlake/FlakeError/Code/reservationPending``).
///   A process that crashes therefore never leaves identifiers above the stored mark, and the
///   next holder of its number starts above all of them. Releasing stores the last tick
///   actually issued, so a clean restart does not jump ahead.
///
/// The renewal decisions are `LeaseRenewalMachine`'s; this type runs them and hands their
/// outcome to the one generator it issues with, as that generator's window: the leased
/// instance number, the lease's high-water mark as the floor, the reserved mark as the
/// ceiling and the lease's local deadline. Issuing costs what ``MiniFlake/FlakeMaker/nextBlocking()``
/// costs; the lease is checked when the generator enters a new tick.
public final class LeasedFlakeIssuer: FlakeIssuer, Sendable {
    /// The layout of the identifiers, the backend's.
    public let layout: FlakeLayout
    /// The largest batch ``nextImmediately(count:)`` accepts.
    public let maximumBatchCount: Int
    /// The clock identifiers' timestamps come from, the lease's deadline is timed by, and the
    /// renewal loop and the async calls sleep on.
    public var clock: FlakeClock { settings.clock }
    /// Where the instance number is leased.
    public let backend: any InstanceLeaseBackend

    let settings: LeaseSettings
    /// The one generator, issuing in the window the lease covers.
    let maker: FlakeMaker
    let state: LockedValue<State>

    /// Claims an instance number from the backend, stores a first reservation, and makes a
    /// generator that starts above the number's high-water mark.
    ///
    /// Call ``run()`` next: without renewals the issuer stops at the lease's first deadline.
    ///
    /// When the backend reports the claim as a takeover (``InstanceLease/isTakeover``), it
    /// returns only once the number's previous holder cannot be issuing any more: a lease
    /// duration plus `maximumLead` after the claim was answered, renewing meanwhile
    /// (<doc:HowLeasesWork#Taking-a-number-over>).
    ///
    /// - Parameters:
    ///   - backend: Where to lease the number; its layout is the identifiers' layout.
    ///   - clock: The wall clock the identifiers' timestamps come from, and the elapsed time
    ///     the lease's deadline is timed by and the renewal loop sleeps on.
    ///   - maximumLead: How far ahead of the clock a burst may run, as for ``MiniFlake/FlakeMaker``.
    ///   - configuration: Renewal timing and the event handler.
    /// - Throws: ``LeaseBackendError/Code/invalidConfiguration`` for settings that cannot work
    ///   (including a lead the layout cannot hold), and the backend's errors, such as
    ///   ``LeaseBackendError/Code/noFreeInstance``.
    public init(
        backend: any InstanceLeaseBackend,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        configuration: Configuration = Configuration()
    ) async throws(LeaseBackendError) {
        let settings = try LeaseSettings(
            backend: backend, clock: clock, maximumLead: maximumLead, configuration: configuration)
        let maker = FlakeMaker(
            closedWith: backend.layout, clock: settings.makerClock, maximumLeadTicks: settings.maximumLeadTicks)
        let acquired = try await Self.acquire(settings, after: nil)

        self.layout = backend.layout
        self.maximumBatchCount = maker.maximumBatchCount
        self.backend = backend
        self.settings = settings
        self.maker = maker
        let reservation = acquired.reservation
        let machine = LeaseRenewalMachine(
            timing: settings.timing, sentAt: reservation.sentAt, deadline: reservation.deadline,
            reservedTick: reservation.reservedTick)
        state = LockedValue(State(machine: machine, lease: acquired.lease, generation: 1))
        maker.openWindow(
            instance: acquired.lease.instanceNumber, floorTick: acquired.floorTick,
            ceilingTick: reservation.reservedTick + 1, deadline: reservation.deadline)
        settings.onEvent?(.claimed(acquired.lease))
    }

    // MARK: Issuing

    /// The instance number identifiers are made with right now, or `nil` while the issuer may
    /// not issue (lease expired, lost, or released).
    public var currentInstanceNumber: Int? {
        maker.isIssuing ? maker.instanceNumber : nil
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
    /// - Throws: ``MiniFlake/FlakeError/Code/noInstance`` (retryable) after the local
    ///   deadline passed without a renewal or while a lost lease is being replaced,
    ///   ``MiniFlake/FlakeError/Code/reservationPending`` (retryable) when the clock
    ///   jumped past the reservation, ``MiniFlake/FlakeError/Code/shutDown`` after
    ///   ``shutdown()`` or ``release()``, and the generator's errors.
    public func nextImmediately() throws(FlakeError) -> FlakeID {
        let rawValue = maker.shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try nextOnFullPath(waiting: false)
    }

    /// Makes `count` consecutive identifiers now, or throws at once; never waits.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: The errors of ``nextImmediately()``.
    public func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch {
        do throws(FlakeRefusal) {
            return try maker.issue(count: count, waiting: false)
        } catch {
            throw issueError(error)
        }
    }

    /// Makes the next identifier; when the generator is as far ahead of the clock as it may
    /// run, it blocks the thread until the clock catches up (in async code call
    /// `try await next()`, which suspends instead).
    ///
    /// - Throws: The errors of ``nextImmediately()`` but `lead_limit_reached`.
    @available(*, noasync, message: "it may block the thread; use 'try await next()' or 'nextImmediately()'")
    public func nextBlocking() throws(FlakeError) -> FlakeID {
        let rawValue = maker.shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try nextOnFullPath(waiting: true)
    }

    /// Makes `count` consecutive identifiers, blocking like ``nextBlocking()``.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: The errors of ``nextBlocking()``.
    @available(
        *, noasync, message: "it may block the thread; use 'try await next(count:)' or 'nextImmediately(count:)'"
    )
    public func nextBlocking(count: Int) throws(FlakeError) -> FlakeIDBatch {
        do throws(FlakeRefusal) {
            return try maker.issue(count: count, waiting: true)
        } catch {
            throw issueError(error)
        }
    }

    /// The full path of ``nextBlocking()`` and ``nextImmediately()``, with the generator's
    /// refusal in the lease's terms. Out of line, so that the short path keeps no room for an
    /// error.
    @inline(never)
    func nextOnFullPath(waiting: Bool) throws(FlakeError) -> FlakeID {
        do throws(FlakeRefusal) {
            return FlakeID(unchecked: try maker.reserveOneOnFullPath(waiting: waiting))
        } catch {
            throw issueError(error)
        }
    }

    /// The generator's refusal in the lease's terms.
    func issueError(_ refusal: FlakeRefusal) -> FlakeError {
        switch refusal {
        case .flake(let error):
            return error
        case .ceiling(let tick, let ceiling):
            let wait = state.withLock { state in
                state.machine.refused(atTick: tick)
                return state.machine.retryAfterMilliseconds(now: settings.now(), reservation: true)
            }
            return FlakeError(
                .reservationPending, retryAfter: .milliseconds(wait),
                message:
                    "instance number \(maker.instanceNumber): tick \(tick) is above the reserved high-water mark \(ceiling - 1); renewing early"
            )
        case .closed, .expired:
            return stoppedError()
        }
    }

    /// The error for an issuer that may not issue right now.
    private func stoppedError() -> FlakeError {
        state.withLock { state in
            switch state.machine.phase {
            case .stopping, .stopped:
                return FlakeError(.shutDown, message: "the issuer was shut down")
            case .ready, .running:
                break
            }
            let wait = Duration.milliseconds(state.machine.retryAfterMilliseconds(now: settings.now()))
            guard let lease = state.lease else {
                return FlakeError(
                    .noInstance, retryAfter: wait,
                    message: "no instance number is leased right now; the issuer is claiming one")
            }
            return FlakeError(
                .noInstance, retryAfter: wait,
                message:
                    "the lease on instance number \(lease.instanceNumber) could not be renewed in time; no IDs until it is renewed"
            )
        }
    }
}
