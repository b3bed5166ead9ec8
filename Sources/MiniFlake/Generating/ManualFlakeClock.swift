/// A clock that moves only when told to, for tests: its wall time, its elapsed time and the
/// sleeps of whoever waits on it.
///
/// ```swift
/// let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
/// let maker = try FlakeMaker(instance: 1, clock: time.flakeClock)
/// time.advance(by: .milliseconds(5))                  // time passes: wall and elapsed move
/// time.set(millisecondsSince1970: 1_699_999_000_000)  // someone sets the wall clock back
/// ```
///
/// A task sleeping on ``flakeClock`` (a lease's renewal loop, an async `next()` waiting to
/// retry) wakes when ``advance(by:)`` moves the elapsed time past its wake-up time, never on
/// its own; ``sleeperCount`` tells a test how many are asleep.
public final class ManualFlakeClock: Sendable {
    private let wall: AtomicWord<Int64>
    private let elapsed: AtomicWord<Int64>
    /// The coarse companion's reading (see ``flakeClock(coarseLagMilliseconds:)``).
    private let coarse: AtomicWord<Int64>
    private let sleepers = LockedValue(Sleepers())

    /// The tasks asleep on the clock, by ticket.
    private struct Sleepers {
        var waiting: [UInt64: (wake: Int64, continuation: CheckedContinuation<Void, any Error>)] = [:]
        var cancelledEarly: Set<UInt64> = []
        var nextTicket: UInt64 = 0
    }

    /// Makes a clock that reads the given wall time until it is moved. Its elapsed time starts
    /// at an arbitrary value.
    public init(millisecondsSince1970: Int64) {
        wall = AtomicWord(millisecondsSince1970)
        coarse = AtomicWord(millisecondsSince1970)
        elapsed = AtomicWord(1_000_000)
    }

    /// The wall time the clock reads, in milliseconds since 1970.
    public var millisecondsSince1970: Int64 {
        wall.load(ordering: .relaxed)
    }

    /// The elapsed time the clock reads, in milliseconds from an arbitrary start.
    package var elapsedMilliseconds: Int64 {
        elapsed.load(ordering: .relaxed)
    }

    /// How many tasks are asleep on the clock right now.
    public var sleeperCount: Int {
        sleepers.withLock { $0.waiting.count }
    }

    /// Sets the wall clock to any time, earlier or later, as a person or a time server does;
    /// the elapsed time does not move and no sleeper wakes.
    public func set(millisecondsSince1970: Int64) {
        wall.store(millisecondsSince1970, ordering: .relaxed)
    }

    /// Lets time pass: moves the wall and the elapsed time forward by `duration` (in whole
    /// milliseconds, rounded down) and wakes the sleepers that are due. A negative duration
    /// moves only the wall clock back, as ``set(millisecondsSince1970:)`` does: elapsed time
    /// never runs backwards.
    public func advance(by duration: Duration) {
        wakingCount(advancingBy: duration)
    }

    /// ``advance(by:)``, returning how many sleepers it woke.
    @discardableResult
    package func wakingCount(advancingBy duration: Duration) -> Int {
        let milliseconds = duration.milliseconds()
        wall.add(milliseconds, ordering: .relaxed)
        guard milliseconds > 0 else { return 0 }
        let now = elapsed.add(milliseconds, ordering: .relaxed).newValue
        let due = sleepers.withLock { state in
            let due = state.waiting.filter { $0.value.wake <= now }
            for ticket in due.keys { state.waiting[ticket] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
        return due.count
    }

    /// Sets the coarse companion's reading, which a generator made on
    /// ``flakeClock(coarseLagMilliseconds:)`` asks in a flood ahead of the clock.
    package func setCoarse(millisecondsSince1970: Int64) {
        coarse.store(millisecondsSince1970, ordering: .relaxed)
    }

    /// This clock with a coarse companion (set with ``setCoarse(millisecondsSince1970:)``) that
    /// may lag it by `lag` milliseconds: a generator on it takes the coarse-clock flood branch
    /// that on Linux only the precise system clock takes, so that the tests drive it.
    package func flakeClock(coarseLagMilliseconds lag: Int64) -> FlakeClock {
        FlakeClock(
            wall: { [self] in millisecondsSince1970 }, coarse: { [self] in coarse.load(ordering: .relaxed) },
            coarseLagMilliseconds: lag)
    }

    /// A ``FlakeClock`` that reads this clock's wall and elapsed time and sleeps on it.
    public var flakeClock: FlakeClock {
        FlakeClock(
            wall: { [self] in millisecondsSince1970 }, elapsed: { [self] in elapsedMilliseconds },
            sleep: { [self] in try await sleep(for: $0) })
    }

    /// Suspends until ``advance(by:)`` moves the elapsed time `duration` past now.
    private func sleep(for duration: Duration) async throws {
        let wake = elapsedMilliseconds + max(0, duration.milliseconds())
        guard wake > elapsedMilliseconds else { return try Task.checkCancellation() }
        let ticket = sleepers.withLock { state -> UInt64 in
            state.nextTicket += 1
            return state.nextTicket
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = sleepers.withLock { state -> (any Error)?? in
                    if state.cancelledEarly.remove(ticket) != nil { return .some(CancellationError()) }
                    if elapsedMilliseconds >= wake { return .some(nil) }
                    state.waiting[ticket] = (wake, continuation)
                    return .none
                }
                switch resumeNow {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let continuation = sleepers.withLock { state in
                guard let sleeper = state.waiting.removeValue(forKey: ticket) else {
                    state.cancelledEarly.insert(ticket)
                    return CheckedContinuation<Void, any Error>?.none
                }
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }
}
