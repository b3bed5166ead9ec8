import MiniFlake
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// A baseline: a thread-safe Twitter-style Snowflake generator, written here from Twitter's
/// published description, with its state behind a `Mutex`.
///
/// It reads `clock_gettime(CLOCK_REALTIME)` under the lock; when a millisecond's 4096
/// sequence numbers are used up it spins until the clock reaches the next millisecond, so it
/// never runs ahead of the clock but never makes more than 4096 identifiers per millisecond.
/// If the clock steps back it carries on in the last millisecond it issued. Layout:
/// ``MiniFlake/FlakeLayout/twitter``.
final class MutexSnowflake: Sendable {
    private struct State: Sendable {
        var lastMilliseconds: Int64 = -1
        var sequence: Int64 = 0
    }

    /// The worker number in every identifier, `0..<1024`.
    let worker: Int64
    private let state = Mutex(State())
    private let epoch = FlakeLayout.twitter.epochMillisecondsSince1970

    /// Makes a generator for a worker number, taken modulo 1024.
    init(worker: Int) {
        self.worker = Int64(worker & 1023)
    }

    /// The next identifier's raw value.
    func nextValue() -> Int64 {
        state.withLock { state in
            var now = Self.milliseconds()
            if now <= state.lastMilliseconds {
                now = state.lastMilliseconds
                state.sequence = (state.sequence + 1) & 0xFFF
                if state.sequence == 0 {
                    while now <= state.lastMilliseconds {
                        now = Self.milliseconds()
                    }
                }
            } else {
                state.sequence = 0
            }
            state.lastMilliseconds = now
            return (now - epoch) << 22 | worker << 12 | state.sequence
        }
    }

    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
