import Dispatch

/// The monotonic time the benchmarks are timed with, in nanoseconds.
enum Stopwatch {
    /// Nanoseconds on the monotonic clock; comparable across threads.
    @inline(__always)
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Waits at least `milliseconds`, spinning rather than sleeping so that the processor
    /// stays awake and the next burst does not start on a core the host has just parked.
    static func pause(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        let deadline = now() + UInt64(milliseconds) * 1_000_000
        while now() < deadline {}
    }
}
