import MiniFlake
import MiniFlakeRegistry

/// One change of a process kind's state, made under the directory lock: read the state file,
/// apply the launch rules (device changed, clock far behind the mark, unreadable file), apply
/// the caller's change, keep the number apart from the other kinds', reserve the next window
/// of ticks by raising the mark, write, release. The only slow step is the write's `fsync`.
///
/// The one writer of the two invariants a state file keeps:
/// - **The mark** is raised only here (``run(windowTicks:floorTick:avoiding:waitingAtMost:_:)``)
///   and lowered only here (``lowerMark(to:floor:ifUnchangedSince:waitingAtMost:)``), never below
///   a window another process may have reserved.
/// - **The number** changes only through `Draft.moveToNumber(_:registered:)`, which retires the
///   number it leaves at the current mark, so that no kind draws it while windows reserved with
///   it may still be open in other processes of the kind.
struct DeviceStateChange: Sendable {
    let store: DeviceStateStore
    let configuration: DeviceFlakeIssuer.Configuration
    /// This device's key fingerprint.
    let fingerprint: String

    /// What the change left.
    struct Result: Sendable {
        var state: DeviceState
        /// The ticks reserved, `[start, end)`; `nil` while the clock reads before the epoch.
        var window: Range<Int64>?
        /// The ticks the change took, from reading the clock to the end of its write.
        var tookTicks: Int64 = 0
        /// What was recovered from, in order.
        var recoveries: [DeviceRecovery]
        /// The lowest the mark may ever be lowered to by this process (`close()`): the mark
        /// before this change reserved its window, above every window another process may
        /// have reserved; the whole mark when no window was reserved.
        var markFloor: Int64
    }

    /// The state while a change is being made, with the rules' helpers.
    struct Draft {
        var state: DeviceState
        /// The clock's tick (negative before the epoch).
        let now: Int64
        var recoveries: [DeviceRecovery] = []
        let neighbours: [DeviceStateStore.Neighbour]
        let configuration: DeviceFlakeIssuer.Configuration

        /// Leaves the installation and its number for a new installation with a fresh
        /// provisional number, keeping the mark (the caller may lower it).
        mutating func leave(_ code: DeviceRecovery.Code, _ message: String) throws(DeviceStateError) {
            let fresh = try drawInstance(avoiding: [state.instance])
            let left = state.leave(newInstallation: Self.installationName(configuration))
            moveToNumber(fresh, registered: false)
            recoveries.append(DeviceRecovery(code, message: message, leftBehind: left))
        }

        /// The one writer of the state's number: uses `instance`, assigned (`registered`) or
        /// provisional. A number left is retired at the current mark, which is above every
        /// window reserved with it.
        mutating func moveToNumber(_ instance: Int, registered: Bool) {
            if instance != state.instance { state.retire(state.instance) }
            state.instance = instance
            state.registered = registered
        }

        /// Moves to a fresh provisional number, leaving the current one.
        mutating func moveToFreshNumber() throws(DeviceStateError) {
            moveToNumber(try drawInstance(avoiding: [state.instance]), registered: false)
        }

        /// A provisional number that no other kind holds and that no installation of any kind
        /// left behind or retired with a mark ahead of the clock.
        func drawInstance(avoiding extra: Set<Int>) throws(DeviceStateError) -> Int {
            var avoided = extra.union(state.leftBehind.instancesMarked(aheadOf: now))
            avoided.formUnion(state.retired.instancesMarked(aheadOf: now))
            for neighbour in neighbours { avoided.formUnion(neighbour.instancesHeld(at: now)) }
            let range = InstanceAssignment.provisionalRange(instanceCount: configuration.layout.instanceCount)
            let free = range.filter { !avoided.contains($0) }
            guard !free.isEmpty else {
                throw DeviceStateError(
                    .noFreeInstance, message: "every provisional number is held by another process kind or left behind")
            }
            return free[Int(configuration.randomBits() % UInt64(free.count))]
        }

        /// A new installation name: 32 random hexadecimal digits.
        static func installationName(_ configuration: DeviceFlakeIssuer.Configuration) -> String {
            DeviceKeyFingerprint.hex(configuration.randomBits()) + DeviceKeyFingerprint.hex(configuration.randomBits())
        }

        /// Leaves the number when the mark is further ahead of the clock than allowed.
        mutating func applyFarAheadRule() throws(DeviceStateError) {
            guard now >= 0, state.markTick - now > configuration.maximumMarkLeadTicks else { return }
            let ahead = (state.markTick - now) * configuration.layout.tickMilliseconds
            try leave(
                .clockFarBehindMark,
                "the stored mark is \(ahead) ms ahead of the clock; left instance \(state.instance) for a fresh number")
            state.markTick = now
        }
    }

    /// Makes the change, waiting at most `limit` for the lock; `nil` when the lock stayed busy.
    ///
    /// - Parameters:
    ///   - windowTicks: How many ticks to reserve for the clock's tick (`nil`: reserve nothing).
    ///   - floorTick: The first tick this process's generator can issue (it never goes back,
    ///     whatever number it moves to): the window starts no lower.
    ///   - avoided: A number this process must not issue with again (another installation holds
    ///     it, or it was released): a state still on it moves to a fresh one.
    ///   - body: The caller's change, after the launch rules.
    func run(
        windowTicks: (_ now: Int64) -> Int64?, floorTick: Int64?, avoiding avoided: Int? = nil,
        waitingAtMost limit: Duration, _ body: (inout Draft) throws(DeviceStateError) -> Void
    ) throws(DeviceStateError) -> Result? {
        let outcome = try store.lock.withLock(waitingAtMost: limit) { () throws(DeviceStateError) -> Result in
            try runLocked(windowTicks: windowTicks, floorTick: floorTick, avoiding: avoided, body)
        }
        switch outcome {
        case .done(let result): return result
        case .busy: return nil
        }
    }

    private func runLocked(
        windowTicks: (_ now: Int64) -> Int64?, floorTick: Int64?, avoiding avoided: Int?,
        _ body: (inout Draft) throws(DeviceStateError) -> Void
    ) throws(DeviceStateError) -> Result {
        let layout = configuration.layout
        let started = configuration.clock.elapsedMilliseconds()
        let now = layout.tick(millisecondsSince1970: configuration.clock.millisecondsSince1970())
        let reading = try store.readOwn()
        let neighbours = try store.neighbours()
        let placeholder = DeviceState(
            installation: "", deviceKeyFingerprint: fingerprint, account: nil, instance: 0, registered: false,
            markTick: max(0, now), leftBehind: [])
        var draft = Draft(state: placeholder, now: now, neighbours: neighbours, configuration: configuration)
        switch reading {
        case nil:
            // A new state's first number (here and below): there is no number to leave.
            draft.state.installation = Draft.installationName(configuration)
            draft.state.instance = try draft.drawInstance(avoiding: [])
        case .unreadable(let salvage):
            try store.setAsideOwn()
            draft.state.installation = Draft.installationName(configuration)
            draft.state.instance = try draft.drawInstance(avoiding: salvage.instances)
            // Every readable mark, the file's own or another kind's, is a floor unless it is far
            // ahead: the number is fresh either way, but the lost number may be drawn again.
            for case let mark? in [salvage.markTick] + neighbours.map(\.markTick)
            where mark - now <= configuration.maximumMarkLeadTicks {
                draft.state.markTick = max(draft.state.markTick, mark)
            }
            draft.recoveries.append(
                DeviceRecovery(
                    .unreadableState,
                    message:
                        "the state file could not be read (\(salvage.reason)); kept as miniflake-\(store.kind).state.unreadable, started a new installation"
                ))
        case .valid(let stored):
            draft.state = stored
            if stored.deviceKeyFingerprint != fingerprint {
                try draft.leave(
                    .deviceChanged,
                    "the state was made on another device (restored from a backup); a new installation keeps the mark as a floor"
                )
                draft.state.deviceKeyFingerprint = fingerprint
            }
        }
        try draft.applyFarAheadRule()
        try body(&draft)
        if let avoided, draft.state.instance == avoided { try draft.moveToFreshNumber() }
        try draft.applyFarAheadRule()
        try keepApart(&draft)
        let markFloor = draft.state.markTick
        var window: Range<Int64>?
        if now >= 0, let ticks = windowTicks(now) {
            var start = max(draft.state.markTick, now, 1)
            if let floorTick { start = max(start, floorTick) }
            let end = min(start + ticks, layout.maximumTick + 1)
            if start < end {
                window = start..<end
                draft.state.markTick = end
            }
        }
        try store.write(draft.state)
        let took = (configuration.clock.elapsedMilliseconds() - started) / layout.tickMilliseconds
        return Result(
            state: draft.state, window: window, tookTicks: took, recoveries: draft.recoveries, markFloor: markFloor)
    }

    /// Lowers the stored mark to `resumeTick` (the tick after the last identifier this process
    /// issued), but never below `floor` (the ``Result/markFloor`` of this process's last write:
    /// every window another process reserved ends at or below it), and only while the file is
    /// still `written`, this process's last write: a process that wrote since may have reserved
    /// above the floor. `nil` when it lowered nothing.
    func lowerMark(
        to resumeTick: Int64, floor: Int64, ifUnchangedSince written: DeviceState, waitingAtMost limit: Duration
    ) throws(DeviceStateError) -> DirectoryLock.Outcome<DeviceState?> {
        let lowered = max(resumeTick, floor)
        guard lowered < written.markTick else { return .done(nil) }
        return try store.lock.withLock(waitingAtMost: limit) { () throws(DeviceStateError) -> DeviceState? in
            guard case .valid(let stored)? = try store.readOwn(), stored == written else { return nil }
            var next = stored
            next.markTick = lowered
            try store.write(next)
            return next
        }
    }

    /// Keeps this kind's number apart from the other kinds': when another kind holds it, the
    /// provisional one moves (between two provisional ones, the kind whose name sorts later),
    /// and the one that stays starts above the other's mark.
    private func keepApart(_ draft: inout Draft) throws(DeviceStateError) {
        for neighbour in draft.neighbours where neighbour.instances.contains(draft.state.instance) {
            let theyAreRegistered = neighbour.state?.registered ?? false
            if draft.state.registered && theyAreRegistered { continue }  // two accounts: never compared
            let weMove = !draft.state.registered && (theyAreRegistered || neighbour.kind < store.kind)
            if weMove {
                try draft.moveToFreshNumber()
                return
            }
            draft.state.markTick = max(draft.state.markTick, neighbour.markTick ?? 0)
        }
    }
}
