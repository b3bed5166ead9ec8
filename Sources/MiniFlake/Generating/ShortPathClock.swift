#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the generator's short path reads the time: seconds since 1970 and nanoseconds within
/// the second. The short path is written once, generic over this, so that the deterministic
/// tests, whose ``ManualFlakeClock`` is a custom clock, drive the same code as the system
/// clocks do in production; only the reading differs.
@usableFromInline
protocol ShortPathClock {
    /// Reads the clock: seconds since 1970, and nanoseconds within that second
    /// (`0..<1_000_000_000`).
    func read() -> (seconds: Int64, nanoseconds: Int64)

    /// The short path of a generator ahead of the clock, reading this clock
    /// (``FlakeMaker/aheadRawValue(_:)`` or its custom-clock twin).
    func aheadRawValue(of maker: FlakeMaker, _ word: UInt64) -> Int64

    /// Reads the coarse clock a generator ahead of the clock asks (``FlakeMaker/coarseLagTicks``
    /// is not -1), as seconds since 1970 and nanoseconds within the second.
    func readCoarse(of maker: FlakeMaker) -> (seconds: Int64, nanoseconds: Int64)
}

/// A system clock (``FlakeClock/system`` or ``FlakeClock/coarse``): `clock_gettime`, inlined.
@usableFromInline
struct SystemShortPathClock: ShortPathClock {
    @usableFromInline let clockID: clockid_t

    @inlinable @inline(__always)
    init(clockID: clockid_t) { self.clockID = clockID }

    @inlinable @inline(__always)
    func read() -> (seconds: Int64, nanoseconds: Int64) { FlakeClock.read(clockID) }

    @inlinable @inline(__always)
    func aheadRawValue(of maker: FlakeMaker, _ word: UInt64) -> Int64 { maker.aheadRawValue(word) }

    @usableFromInline @inline(__always)
    func readCoarse(of maker: FlakeMaker) -> (seconds: Int64, nanoseconds: Int64) {
        FlakeClock.read(maker.coarseClockID)
    }
}

/// A custom clock (``FlakeClock/init(maximumLag:_:)``, ``ManualFlakeClock``): its milliseconds
/// since 1970 as seconds and nanoseconds. Only the out-of-line custom-clock short path uses it.
struct CustomShortPathClock: ShortPathClock {
    let clock: FlakeClock

    @inline(__always)
    func read() -> (seconds: Int64, nanoseconds: Int64) {
        Self.reading(clock.millisecondsSince1970())
    }

    @inline(__always)
    func readCoarse(of maker: FlakeMaker) -> (seconds: Int64, nanoseconds: Int64) {
        Self.reading(clock.coarseCompanion?() ?? clock.millisecondsSince1970())
    }

    /// Milliseconds since 1970 as seconds and nanoseconds within the second.
    @inline(__always)
    static func reading(_ milliseconds: Int64) -> (seconds: Int64, nanoseconds: Int64) {
        let (seconds, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        // Floored, so that a reading before 1970 keeps its nanoseconds within the second.
        return remainder < 0 ? (seconds - 1, (remainder + 1000) * 1_000_000) : (seconds, remainder * 1_000_000)
    }

    @inline(__always)
    func aheadRawValue(of maker: FlakeMaker, _ word: UInt64) -> Int64 { maker.aheadRawValueOnCustomClock(word) }
}
