#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bare reads of the system's real-time clocks: the floor under every time-based ID generator.
enum RealtimeClock {
    /// Whether this platform has a coarse real-time clock distinct from the precise one.
    static var hasCoarseClock: Bool {
        #if os(Linux) || os(Android)
            true
        #else
            false
        #endif
    }

    /// The precise real-time clock (`CLOCK_REALTIME`) in nanoseconds since 1970.
    @inline(__always)
    static func preciseNanoseconds() -> Int64 {
        read(CLOCK_REALTIME)
    }

    /// The coarse real-time clock (`CLOCK_REALTIME_COARSE` on Linux, the precise one elsewhere)
    /// in nanoseconds since 1970.
    @inline(__always)
    static func coarseNanoseconds() -> Int64 {
        #if os(Linux) || os(Android)
            read(CLOCK_REALTIME_COARSE)
        #else
            read(CLOCK_REALTIME)
        #endif
    }

    /// The precise real-time clock in milliseconds since 1970, floored.
    static func milliseconds() -> Int64 {
        preciseNanoseconds() / 1_000_000
    }

    @inline(__always)
    private static func read(_ clock: clockid_t) -> Int64 {
        var now = timespec()
        clock_gettime(clock, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
