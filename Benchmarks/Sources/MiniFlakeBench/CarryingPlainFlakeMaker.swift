/// A baseline for floods: a generator in the original's style (a plain class, no atomics, no
/// locking, so one thread only) that, like MiniFlake, carries into the next millisecond when a
/// millisecond's 4096 sequence numbers are used up instead of waiting for the clock. What a
/// flood costs without thread safety or a bound on the lead.
final class CarryingPlainFlakeMaker {
    /// 2018-03-01T00:00:00Z, in milliseconds since 1970.
    static let epochMilliseconds: Int64 = 1_519_862_400_000

    private let instanceNumber: Int64
    /// The last identifier's `milliseconds << 12 | sequence`.
    private var lastCounter: Int64 = 0

    /// Makes a generator that one thread holds and calls directly.
    init(instanceNumber: Int64) {
        self.instanceNumber = instanceNumber
    }

    /// The next identifier's raw value: `max(last + 1, now << 12)`, laid out as MiniFlake's.
    func nextValue() -> Int64 {
        let now = RealtimeClock.preciseNanoseconds() / 1_000_000 - Self.epochMilliseconds
        lastCounter = max(lastCounter + 1, now << 12)
        return lastCounter << 10 | instanceNumber
    }
}
