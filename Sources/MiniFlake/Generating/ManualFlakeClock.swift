/// A clock that moves only when told to, for tests.
///
/// ```swift
/// let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
/// let maker = try FlakeMaker(instance: 1, clock: time.flakeClock)
/// time.advance(byMilliseconds: 5)
/// time.set(millisecondsSince1970: 1_699_999_000_000)   // the clock steps back
/// ```
public final class ManualFlakeClock: Sendable {
    private let now: AtomicWord<Int64>

    /// Makes a clock that reads the given time until it is moved.
    public init(millisecondsSince1970: Int64) {
        now = AtomicWord(millisecondsSince1970)
    }

    /// The time the clock reads, in milliseconds since 1970.
    public var millisecondsSince1970: Int64 {
        now.load(ordering: .relaxed)
    }

    /// Sets the clock to any time, earlier or later.
    public func set(millisecondsSince1970: Int64) {
        now.store(millisecondsSince1970, ordering: .relaxed)
    }

    /// Moves the clock by the given number of milliseconds; negative moves it back.
    public func advance(byMilliseconds milliseconds: Int64) {
        now.add(milliseconds, ordering: .relaxed)
    }

    /// A ``FlakeClock`` that reads this clock.
    public var flakeClock: FlakeClock {
        FlakeClock { [self] in millisecondsSince1970 }
    }
}
