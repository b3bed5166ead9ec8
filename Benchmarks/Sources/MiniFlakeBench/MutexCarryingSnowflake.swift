import MiniFlake
import Synchronization

/// A baseline for contention: a Snowflake generator behind one `Mutex` that, like MiniFlake,
/// carries into the next millisecond when a millisecond's 4096 sequence numbers are used up
/// (`max(last + 1, now << 12)` under the lock) instead of spinning for the clock, so that a
/// flood measures the lock rather than the layout's ceiling. MiniFlake's layout.
final class MutexCarryingSnowflake: Sendable {
    private let lastCounter = Mutex<Int64>(0)
    private let instanceNumber: Int64

    /// Makes a generator for an instance number, taken modulo 1024.
    init(instanceNumber: Int) {
        self.instanceNumber = Int64(instanceNumber & 1023)
    }

    /// The next identifier's raw value; the clock is read under the lock.
    func nextValue() -> Int64 {
        lastCounter.withLock { last in
            let now = RealtimeClock.preciseNanoseconds() / 1_000_000 - CarryingPlainFlakeMaker.epochMilliseconds
            last = Swift.max(last + 1, now << 12)
            return last << 10 | instanceNumber
        }
    }
}
