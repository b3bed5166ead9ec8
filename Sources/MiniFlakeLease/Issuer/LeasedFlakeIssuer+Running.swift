import MiniFlake

extension LeasedFlakeIssuer {
    /// Keeps the lease: renews it on time, claims a new number when it is lost, and releases
    /// it when ``shutdown()`` is called or the task is cancelled. Returns after the release.
    ///
    /// Errors from the backend do not end it; it retries every
    /// ``Configuration/retryInterval`` and reports them through ``Configuration/onEvent`` and
    /// ``lastError``. Called after ``shutdown()`` or ``release()``, it releases (if that is
    /// still to do) and returns at once.
    ///
    /// - Throws: ``LeaseBackendError/alreadyRunning`` when `run()` is already running.
    public func run() async throws(LeaseBackendError) {
        let loop: Task<Void, Never>? = try state.withLock { state throws(LeaseBackendError) in
            switch state.machine.phase {
            case .running: throw .alreadyRunning
            case .stopping, .stopped: return nil
            case .ready: break
            }
            state.machine.phase = .running
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
            if state.machine.phase == .ready || state.machine.phase == .running { state.machine.phase = .stopping }
            maker.closeWindow()
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
        let held = state.withLock { state -> InstanceLease? in
            state.machine.phase = .stopped
            maker.closeWindow()
            state.loop?.cancel()
            guard let lease = state.lease else { return nil }
            state.lease = nil
            state.machine.isHolding = false
            return lease
        }
        guard let lease = held else { return }
        // The window was closed by a swap on the generator's state word, after every swap that
        // issued an identifier: the last tick read now counts all of them.
        let lastTick = maker.lastIssuedTick
        do {
            try await backend.release(lease, highWaterTick: lastTick)
            settings.onEvent?(.released(instanceNumber: lease.instanceNumber, highWaterTick: lastTick))
        } catch {
            state.withLock { $0.lastError = error }
            settings.onEvent?(.releaseFailed(instanceNumber: lease.instanceNumber, error))
        }
    }

    // MARK: The renewal loop

    private func renewalLoop() async {
        while !Task.isCancelled {
            let (step, event) = state.withLock { state -> (Step, LeaseEvent?) in
                let decision = state.machine.nextStep(now: settings.now(), lastIssuedTick: maker.lastIssuedTick)
                let event: LeaseEvent? =
                    decision.expired ? state.lease.map { .expired(instanceNumber: $0.instanceNumber) } : nil
                switch decision.step {
                case .stop: return (.stop, event)
                case .wait(let milliseconds): return (.wait(milliseconds), event)
                case .claim: return (.claim, event)
                case .renew:
                    guard let lease = state.lease else { return (.claim, event) }
                    return (.renew(lease, state.generation), event)
                }
            }
            if let event { settings.onEvent?(event) }
            switch step {
            case .stop:
                return
            case .wait(let milliseconds):
                do {
                    try await settings.clock.sleep(for: .milliseconds(milliseconds))
                } catch {
                    return
                }
            case .renew(let lease, let generation):
                await renew(lease, generation: generation)
            case .claim:
                await reclaim()
            }
        }
    }

    /// A step of the loop with what it needs from the state.
    private enum Step {
        case stop
        case wait(Int64)
        case renew(InstanceLease, UInt64)
        case claim
    }

    private func renew(_ lease: InstanceLease, generation: UInt64) async {
        let reservation = settings.reservation(after: maker.lastIssuedTick)
        do {
            let renewed = try await backend.renew(lease, highWaterTick: reservation.reservedTick)
            let published = state.withLock { state -> Bool in
                guard state.machine.phase == .running, state.generation == generation, state.lease != nil else {
                    return false
                }
                state.lease = renewed
                state.machine.renewed(
                    sentAt: reservation.sentAt, deadline: reservation.deadline, reservedTick: reservation.reservedTick)
                state.lastError = nil
                maker.raiseCeiling(to: state.machine.reservedTick + 1, deadline: state.machine.deadline)
                return true
            }
            if published { settings.onEvent?(.renewed(renewed)) }
        } catch  where error.code == .lost {
            let stopped = state.withLock { state -> Bool in
                guard state.generation == generation, state.lease != nil else { return false }
                maker.closeWindow()
                state.lease = nil
                state.lastError = error
                state.machine.lost(now: settings.now())
                return true
            }
            if stopped { settings.onEvent?(.lost(instanceNumber: lease.instanceNumber)) }
        } catch {
            state.withLock { state in
                state.lastError = error
                state.machine.renewalFailed(now: settings.now())
            }
            settings.onEvent?(.renewalFailed(instanceNumber: lease.instanceNumber, error))
        }
    }

    private func reclaim() async {
        do {
            let acquired = try await Self.acquire(settings, after: maker.lastIssuedTick)
            let installed = state.withLock { state -> Bool in
                guard state.machine.phase == .running, state.lease == nil else { return false }
                install(acquired, into: &state)
                return true
            }
            if installed {
                settings.onEvent?(.claimed(acquired.lease))
            } else {
                try? await backend.release(acquired.lease, highWaterTick: acquired.floorTick)
            }
        } catch {
            state.withLock { state in
                state.lastError = error
                state.machine.claimFailed(now: settings.now())
            }
            settings.onEvent?(.claimFailed(error))
        }
    }

    // MARK: Handing the lease to the generator (always under the state lock)

    /// Opens the generator's window on a number just claimed: above the number's high-water
    /// mark (and every identifier issued before), below the mark just reserved, until the
    /// lease's local deadline.
    private func install(_ acquired: Acquired, into state: inout State) {
        state.generation &+= 1
        state.lease = acquired.lease
        let reservation = acquired.reservation
        state.machine.claimed(
            sentAt: reservation.sentAt, deadline: reservation.deadline, reservedTick: reservation.reservedTick)
        state.lastError = nil
        maker.openWindow(
            instance: acquired.lease.instanceNumber, floorTick: acquired.floorTick,
            ceilingTick: reservation.reservedTick + 1, deadline: reservation.deadline)
    }

    // MARK: Claiming

    /// Claims a number and stores a first reservation above the generator's last tick
    /// (`lastIssuedTick`, `nil` for a new generator) and the number's high-water mark,
    /// releasing the number again when any step fails. A takeover first waits until the
    /// previous holder cannot be issuing any more (``waitOut(_:floorTick:sentAt:answeredAt:settings:)``),
    /// and when it gives up it releases the number with the takeover's floor as its mark, so
    /// that whoever takes it next starts above every tick that holder could reach.
    static func acquire(_ settings: LeaseSettings, after lastIssuedTick: Int64?) async throws(LeaseBackendError)
        -> Acquired
    {
        let backend = settings.backend
        let sentAt = settings.now()
        var lease = try await backend.claim()
        let answeredAt = settings.now()
        let layout = settings.layout
        if let mark = lease.highWaterTick, !(0...layout.maximumTick).contains(mark) {
            try? await backend.release(lease, highWaterTick: nil)
            throw .unavailable(
                "the backend's lease on instance number \(lease.instanceNumber) is unusable: its high-water mark \(mark) is out of range 0...\(layout.maximumTick)"
            )
        }
        guard (0...layout.maximumInstanceNumber).contains(lease.instanceNumber) else {
            try? await backend.release(lease, highWaterTick: nil)
            throw .unavailable(
                "the backend leased instance number \(lease.instanceNumber), out of range 0...\(layout.maximumInstanceNumber)"
            )
        }
        var numberFloor = lease.highWaterTick
        if lease.isTakeover {
            let takeoverFloor = max(lease.highWaterTick ?? 0, settings.takeoverFloor())
            numberFloor = takeoverFloor
            do {
                lease = try await waitOut(
                    lease, floorTick: takeoverFloor, sentAt: sentAt, answeredAt: answeredAt, settings: settings)
            } catch {
                try? await backend.release(lease, highWaterTick: takeoverFloor)
                throw error
            }
        }
        // The generator goes on above its own last tick, which may be past the number's mark:
        // the reservation covers both, one tick more for the rest of the tick it skips.
        let floor = [lastIssuedTick.map { $0 + 1 }, numberFloor].compactMap { $0 }.max()
        let reservation = settings.reservation(after: floor)
        do {
            let renewed = try await backend.renew(lease, highWaterTick: reservation.reservedTick)
            return Acquired(lease: renewed, floorTick: numberFloor, reservation: reservation)
        } catch {
            try? await backend.release(lease, highWaterTick: numberFloor)
            throw error
        }
    }
}
