#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one clock of every generator and issuer: the wall time that identifiers' timestamps
/// come from (milliseconds since 1970-01-01T00:00:00Z), the elapsed time that deadlines are
/// timed with, and the sleep that waits for either.
///
/// - ``system`` reads the precise real-time clock on every call (about 28 ns on Linux), times
///   deadlines with the system's monotonic clock that counts sleep, and sleeps with
///   `Task.sleep`.
/// - ``coarse`` reads the kernel's coarse real-time clock where there is one (Linux:
///   about 7 ns); it lags the precise clock by up to ``maximumLag`` (two kernel ticks,
///   typically 8 ms; one tick plus a fraction is what is usually seen). On a virtual machine
///   under heavy load the kernel's tick itself can run late, and a few milliseconds more have
///   been seen.
/// - ``init(maximumLag:_:)`` takes any function for the wall time, and ``ManualFlakeClock``
///   gives tests a clock they move by hand: its wall time, its elapsed time and its sleeps.
///
/// The wall clock may stand still or go backwards; the generator stays unique and ordered
/// anyway. The elapsed time never goes backwards.
public struct FlakeClock: Sendable {
    /// Which clock to read. Kept apart from the custom function so that reading a system
    /// clock touches no reference-counted state.
    @usableFromInline
    enum Source: UInt8, Sendable {
        case realtime
        case coarseRealtime
        case custom
    }

    @usableFromInline let source: Source
    @usableFromInline let custom: (@Sendable () -> Int64)?
    /// A custom clock's coarse companion, for the tests: what a generator on this clock asks
    /// in a flood ahead of it, as a generator on the precise system clock asks the coarse one
    /// (see ``FlakeMaker/aheadRawValue(_:reading:)``); `nil` for none.
    let coarseCompanion: (@Sendable () -> Int64)?
    /// How far the coarse companion may lag this clock, in milliseconds.
    let coarseCompanionLagMilliseconds: Int64
    /// Reads the elapsed time instead of the system's monotonic clock, when set.
    @usableFromInline let elapsed: (@Sendable () -> Int64)?
    /// Sleeps instead of `Task.sleep`, when set.
    let sleeper: (@Sendable (Duration) async throws -> Void)?
    /// The system clock `source` names (the precise one for `.custom`, which never reads it).
    /// Stored rather than chosen on each reading: a generator passes it straight to
    /// `clock_gettime`, so the call waits on no comparison.
    @usableFromInline let clockID: clockid_t

    /// The most this clock's reading may trail the true time, in milliseconds.
    package let maximumLagMilliseconds: Int64

    /// The most this clock's reading is declared to trail the true time: zero for the precise
    /// clock, two kernel ticks for ``coarse`` (which a heavily loaded virtual machine can
    /// exceed), whatever a custom clock declared.
    public var maximumLag: Duration { .milliseconds(maximumLagMilliseconds) }

    /// The precise real-time clock (`clock_gettime(CLOCK_REALTIME)`).
    public static let system = FlakeClock(source: .realtime, custom: nil, maximumLagMilliseconds: 0)

    /// A cheaper real-time clock whose reading lags by up to ``maximumLag``, as a rule.
    ///
    /// On Linux it reads `CLOCK_REALTIME_COARSE`, which the kernel updates once per timer
    /// tick, and reports two ticks (from `clock_getres`) as its lag: one tick, plus room for a
    /// tick's update arriving late. A virtual machine under heavy load can delay the tick
    /// further (10 ms against a declared 8 ms has been seen). Elsewhere it is the precise
    /// clock. IDs made with it are still unique and ordered; their timestamps may be a few
    /// milliseconds early.
    public static let coarse: FlakeClock = {
        #if os(Linux) || os(Android)
            var resolution = timespec()
            if clock_getres(CLOCK_REALTIME_COARSE, &resolution) == 0 {
                // The kernel moves the coarse clock once per timer tick, and a tick's update can
                // itself arrive late: lags a little over one tick are seen, so two are declared.
                let nanoseconds = Int64(resolution.tv_sec) * 1_000_000_000 + Int64(resolution.tv_nsec)
                let lag = 2 * ((nanoseconds + 999_999) / 1_000_000)
                return FlakeClock(source: .coarseRealtime, custom: nil, maximumLagMilliseconds: lag)
            }
        #endif
        return system
    }()

    private init(
        source: Source, custom: (@Sendable () -> Int64)?, maximumLagMilliseconds: Int64,
        elapsed: (@Sendable () -> Int64)? = nil, sleeper: (@Sendable (Duration) async throws -> Void)? = nil,
        coarseCompanion: (@Sendable () -> Int64)? = nil, coarseCompanionLagMilliseconds: Int64 = 0
    ) {
        self.source = source
        self.custom = custom
        self.coarseCompanion = coarseCompanion
        self.coarseCompanionLagMilliseconds = coarseCompanionLagMilliseconds
        self.elapsed = elapsed
        self.sleeper = sleeper
        self.maximumLagMilliseconds = maximumLagMilliseconds
        #if os(Linux) || os(Android)
            self.clockID = source == .coarseRealtime ? CLOCK_REALTIME_COARSE : CLOCK_REALTIME
        #else
            self.clockID = CLOCK_REALTIME
        #endif
    }

    /// A clock whose wall time is a function, read for every identifier; its elapsed time and
    /// sleep are the system's.
    ///
    /// - Parameters:
    ///   - maximumLag: How far the function's reading may trail the true time.
    ///   - millisecondsSince1970: Returns the current time in milliseconds since 1970.
    public init(
        maximumLag: Duration = .zero,
        _ millisecondsSince1970: @escaping @Sendable () -> Int64
    ) {
        self.init(
            source: .custom, custom: millisecondsSince1970, maximumLagMilliseconds: max(0, maximumLag.milliseconds()))
    }

    /// A clock whose wall time, elapsed time and sleep are all given, as ``ManualFlakeClock``
    /// gives them.
    package init(
        wall: @escaping @Sendable () -> Int64, elapsed: @escaping @Sendable () -> Int64,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.init(source: .custom, custom: wall, maximumLagMilliseconds: 0, elapsed: elapsed, sleeper: sleep)
    }

    /// A custom wall clock with a coarse companion that lags it by at most
    /// `coarseLagMilliseconds`, which a generator on it asks in a flood ahead of the clock as
    /// one on the precise system clock asks ``coarse``: so that the tests drive that branch.
    package init(
        wall: @escaping @Sendable () -> Int64, coarse: @escaping @Sendable () -> Int64, coarseLagMilliseconds: Int64
    ) {
        self.init(
            source: .custom, custom: wall, maximumLagMilliseconds: 0, coarseCompanion: coarse,
            coarseCompanionLagMilliseconds: Swift.max(0, coarseLagMilliseconds))
    }

    /// Whether the elapsed time is the system's own clock (no function was given for it).
    package var readsSystemElapsedTime: Bool { elapsed == nil }

    /// The same wall clock and sleep, with `read` as its elapsed time (a lease's reading held
    /// to its range).
    package func withElapsed(_ read: @escaping @Sendable () -> Int64) -> FlakeClock {
        FlakeClock(
            source: source, custom: custom, maximumLagMilliseconds: maximumLagMilliseconds, elapsed: read,
            sleeper: sleeper, coarseCompanion: coarseCompanion,
            coarseCompanionLagMilliseconds: coarseCompanionLagMilliseconds)
    }

    /// Suspends the task for `duration` of this clock's elapsed time: `Task.sleep` for the
    /// system clocks, until a test moves it for a ``ManualFlakeClock``.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    public func sleep(for duration: Duration) async throws {
        if let sleeper {
            try await sleeper(duration)
        } else {
            try await Task.sleep(for: duration)
        }
    }

    /// Reads the elapsed time in milliseconds from an arbitrary start: a clock that never goes
    /// back and keeps counting while the machine sleeps (`CLOCK_BOOTTIME` on Linux,
    /// `CLOCK_MONOTONIC` on Apple platforms), which deadlines are timed with.
    package func elapsedMilliseconds() -> Int64 {
        if let elapsed { return elapsed() }
        var now = timespec()
        #if os(Linux) || os(Android)
            clock_gettime(CLOCK_BOOTTIME, &now)
        #else
            clock_gettime(CLOCK_MONOTONIC, &now)
        #endif
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Reads the clock: milliseconds since 1970-01-01T00:00:00Z, floored.
    @inlinable @inline(__always)
    public func millisecondsSince1970() -> Int64 {
        guard source != .custom else { return custom?() ?? 0 }
        let (seconds, nanoseconds) = Self.read(clockID)
        // `tv_nsec` is within 0..<1_000_000_000, so an unsigned divide (a multiply and a shift,
        // no sign fix-up) floors it; seconds times 1000 cannot overflow for any real clock.
        return seconds &* 1000 &+ Int64(bitPattern: UInt64(bitPattern: nanoseconds) / 1_000_000)
    }

    /// Reads a system clock: seconds since 1970, and nanoseconds within that second
    /// (`0..<1_000_000_000`). One call site for both clocks, so that a generator that inlines
    /// it stays small.
    @inlinable @inline(__always)
    static func read(_ clockID: clockid_t) -> (seconds: Int64, nanoseconds: Int64) {
        var now = timespec()
        clock_gettime(clockID, &now)
        return (Int64(now.tv_sec), Int64(now.tv_nsec))
    }
}
