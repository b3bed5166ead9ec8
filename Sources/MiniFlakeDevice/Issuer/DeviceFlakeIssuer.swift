import MiniFlake
import MiniFlakeRegistry

/// An issuer for apps (and any single-host program) that remembers: its installation, its
/// instance number, and a high-water mark written ahead of the identifiers it issues, in a
/// directory the app chooses.
///
/// ```swift
/// let issuer = try await DeviceFlakeIssuer.open(
///     directory: appGroupContainer + "/MiniFlake", processKind: "app",
///     deviceKey: KeychainDeviceKey(accessGroup: "TEAMID.com.example.notes"))
/// let id = try await issuer.next()              // or issuer.nextBlocking() off async code
/// if issuer.needsRegistration {                 // signed in: your sync server registers it
///     try await issuer.adopt(try await syncServer.register(issuer.installation, offering: issuer.provisionalInstance))
/// }
/// try await issuer.close()                       // moving to the background: the mark follows the last ID
/// ```
///
/// How it stays unique:
/// - **A mark written ahead.** Each process issues only ticks inside a window it reserved by
///   raising the mark in `miniflake-KIND.state` (one `fsync` per window, never per identifier).
///   Windows are sized by demand: 4 ms of ticks at first and after a pause, doubling while
///   identifiers are drawn quickly, up to a second; while demand is high the next window is
///   reserved in the background, so ``nextImmediately()`` never touches a file. After a crash, a
///   relaunch, or the clock set back, the next window starts at the stored mark, above
///   everything issued before; ``close()`` lowers the mark to just after the last identifier
///   (never below a window another process of the kind reserved), so an app that launches often
///   stays at the clock.
/// - **Process kinds.** The app and each extension pass their own kind (`app`, `share`,
///   `widget`): each is an installation of its own with its own number, and the kinds keep
///   their numbers apart within the directory. Two live processes of one kind share the
///   number but reserve disjoint windows, so they never issue the same tick.
/// - **A brief lock.** `miniflake.lock` is held only while a state file is read and written,
///   never while identifiers are issued, so a process suspended by the system never holds it
///   (the `0xdead10cc` trap of Apple's TN2408). It is polled, never waited on without a limit.
/// - **Recoveries at launch**, reported in ``launchRecovery``: a state restored onto another
///   device, a clock far behind the mark, an unreadable file (garbled, or larger than 1 MiB:
///   only a file's first 1 MiB is ever read). Each takes a new installation with a fresh
///   number rather than refuse, wait, or risk a repeat.
public final class DeviceFlakeIssuer: FlakeIssuer, Sendable {
    /// The layout of the identifiers.
    public let layout: FlakeLayout
    /// The directory holding the state files.
    public let directory: String
    /// This process's kind.
    public let processKind: String
    /// The largest batch ``nextImmediately(count:)`` accepts: one reservation's worth.
    public let maximumBatchCount: Int
    /// The clock identifiers' timestamps come from and the async calls wait by
    /// (``Configuration/clock``).
    public var clock: FlakeClock { configuration.clock }
    /// What the issuer recovered from while it was made, or `nil` when the state was fine (or
    /// new).
    public let launchRecovery: DeviceRecovery?

    let configuration: DeviceFlakeIssuer.Configuration
    let change: DeviceStateChange
    /// The one generator, issuing in the window of ticks the stored mark covers.
    let maker: FlakeMaker
    /// The state as last read or written, and the last recovery.
    let snapshot: LockedValue<Snapshot>
    /// Held across every change of the state file (the directory lock, the write, its
    /// `fsync`): by the background reservation, the blocking calls and the registration
    /// changes; never by ``nextImmediately()``.
    let reserving = PlatformLock()
    /// The window reserved ahead and the demand; held briefly, also while the generator's
    /// window is opened.
    let windows: LockedValue<ReservedWindows>
    /// One claim or release of ``AccountInstanceClaims`` at a time for this issuer.
    let claims = ClaimSerializer()

    /// The state as last read or written.
    struct Snapshot: Sendable {
        var state: DeviceState
        var lastRecovery: DeviceRecovery?
        /// The lowest `close()` may lower the mark to (`DeviceStateChange.Result.markFloor`).
        var markFloor: Int64
        /// A number this process must not issue with again: another installation took it, or
        /// it is being released. Every change of state moves off it.
        var avoidedInstance: Int?
    }

    /// Reads (or makes) this process kind's state in `directory`, applies the launch
    /// recoveries, and reserves a first window of ticks.
    ///
    /// It blocks the calling thread: it reads the device key (the Keychain), takes the
    /// directory lock (waiting at most ``DeviceFlakeIssuer/Configuration/lockWaitLimit``) and writes the
    /// state file with `fsync`. Call it at launch from the main thread or a thread of your own;
    /// from async code call ``open(directory:processKind:deviceKey:configuration:)``, which does
    /// the same off Swift's cooperative pool.
    ///
    /// - Parameters:
    ///   - directory: Where the state lives: Application Support, or an App Group container
    ///     shared by the app and its extensions. Created if missing.
    ///   - processKind: This process's kind: 1 to 32 of `a-z`, `0-9` and `-`; `app` by default,
    ///     `share`, `widget`… for extensions.
    ///   - deviceKey: A key that stays on this device (`KeychainDeviceKey`, ``FileDeviceKey``).
    ///   - configuration: Layout, clock, reservation size, the far-ahead limit, the lock wait.
    /// - Throws: ``DeviceStateError/Code/invalidProcessKind``,
    ///   ``DeviceStateError/Code/deviceKeyUnavailable``, ``DeviceStateError/Code/unsupportedVersion``,
    ///   ``DeviceStateError/Code/directoryBusy`` and ``DeviceStateError/Code/storageFailed``.
    @available(*, noasync, message: "it takes the directory lock and writes with fsync; use 'DeviceFlakeIssuer.open'")
    public init(
        directory: String, processKind: String = "app", deviceKey: any DeviceKeySource,
        configuration: DeviceFlakeIssuer.Configuration = .init()
    ) throws(DeviceStateError) {
        let store = try DeviceStateStore(
            directory: directory, kind: processKind, layout: configuration.layout,
            dyingAfter: configuration.dyingAfterStateWriteStep)
        let key: String
        do throws(DeviceStateError) {
            key = try deviceKey.deviceKey()
        } catch {
            throw DeviceStateError(.deviceKeyUnavailable, message: error.message)
        }
        let change = DeviceStateChange(
            store: store, configuration: configuration, fingerprint: DeviceKeyFingerprint.of(key))
        // The first window is the smallest: a process that issues a few identifiers and exits (or
        // is killed) moves the mark only that far past the clock.
        var demand = ReservationDemand(
            largestTicks: configuration.windowTicks,
            smallestTicks: ReservationDemand.smallestTicks(largest: configuration.windowTicks))
        let firstWindowTicks = demand.sizeOfNextWindow(at: 0)
        // Under the directory lock, which every state write holds: see removeStaleTemporaryFiles().
        guard
            let result = try change.run(
                windowTicks: { _ in firstWindowTicks }, floorTick: nil, waitingAtMost: configuration.lockWaitLimit,
                { _ in store.removeStaleTemporaryFiles() })
        else {
            throw DeviceStateError(
                .directoryBusy, message: "another process held \(store.lock.path) for longer than the lock wait limit")
        }
        let layout = configuration.layout
        self.layout = layout
        self.directory = directory
        self.processKind = processKind
        self.configuration = configuration
        self.change = change
        // As far ahead of the clock as the layout can hold (2046 ticks for MiniFlake's); the
        // windows, reserved one at a time, bound it too.
        maker = FlakeMaker(
            closedWith: layout, clock: configuration.clock,
            maximumLeadTicks: FlakeMaker.largestLeadTicks(layout: layout))
        // One window's worth.
        let window = FlakeMaker.maximumBatchCount(
            sequenceBits: layout.sequenceBits, maximumLeadTicks: configuration.windowTicks - 1)
        maximumBatchCount = min(maker.maximumBatchCount, window)
        launchRecovery = result.recoveries.last
        snapshot = LockedValue(
            Snapshot(state: result.state, lastRecovery: result.recoveries.last, markFloor: result.markFloor))
        if let reserved = result.window { demand.reserved(endingAt: reserved.upperBound, took: result.tookTicks) }
        windows = LockedValue(ReservedWindows(demand: demand))
        if let reserved = result.window { open(reserved, instance: result.state.instance) }
        // Nothing is reserved ahead until identifiers are drawn quickly (ReservationDemand).
    }

    // MARK: The state

    /// The installation's name (32 hexadecimal digits), as the registry takes it: store its
    /// `text` with each record as the record's origin.
    public var installation: RegistryName {
        // Made, and checked when the state is read back, as 32 hexadecimal digits.
        RegistryName(checkedText: snapshot.withLock { $0.state.installation })
    }
    /// The account signed into, or `nil` before the first sign-in and after `signOut()`.
    public var account: RegistryName? {
        // Set from a RegistryName, and read back only when it is one.
        snapshot.withLock { $0.state.account }.flatMap { try? RegistryName($0) }
    }
    /// Whether the installation should register (again): its number is provisional, not
    /// assigned by the registry for ``account``. True before the first sign-in, after a
    /// recovery, and when the account is set but its registration not yet adopted.
    public var needsRegistration: Bool { snapshot.withLock { !$0.state.registered } }
    /// The number to offer the registry as `provisionalInstance`, or `nil` once registered.
    public var provisionalInstance: Int? {
        snapshot.withLock { $0.state.registered ? nil : $0.state.instance }
    }
    /// The instance number identifiers are made with, or `nil` while no window is reserved
    /// (the clock read before the layout's epoch when the issuer was made).
    public var currentInstanceNumber: Int? { maker.isWindowOpen ? maker.instanceNumber : nil }
    /// The installations this state left behind after recoveries, oldest first (at most 32);
    /// the app may retire them in the registry, except one left after `device_changed`.
    public var leftBehind: [LeftBehindInstallation] { snapshot.withLock { $0.state.leftBehind } }
    /// The most recent recovery, at launch or since (a change of state may meet a clock far
    /// behind the mark too).
    public var lastRecovery: DeviceRecovery? { snapshot.withLock { $0.lastRecovery } }
    /// The stored mark: every tick issued under this state is below it.
    public var markTick: Int64 { snapshot.withLock { $0.state.markTick } }
}
