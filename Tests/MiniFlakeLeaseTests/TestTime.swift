import Foundation
import MiniFlake
import MiniFlakeLease

/// Simulated time for lease tests: a wall clock for the identifiers, a monotonic clock for the
/// lease, and a sleep that returns only when the test moves the clocks past its wake-up time.
final class TestTime: Sendable {
    let wall: ManualFlakeClock
    let monotonic: ManualFlakeClock
    private let sleepers = LockedValue<Sleepers>(Sleepers())

    private struct Sleepers {
        var waiting: [UInt64: (wake: Int64, continuation: CheckedContinuation<Void, any Error>)] = [:]
        var cancelledEarly: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    init(wallMilliseconds: Int64 = 1_700_000_000_000) {
        wall = ManualFlakeClock(millisecondsSince1970: wallMilliseconds)
        monotonic = ManualFlakeClock(millisecondsSince1970: 1_000_000)
    }

    var flakeClock: FlakeClock { wall.flakeClock }

    var leaseClock: LeaseClock {
        let monotonic = monotonic
        return LeaseClock { monotonic.millisecondsSince1970 }
    }

    /// A configuration whose clock and sleep are this simulated time.
    func configuration(onEvent: (@Sendable (LeaseEvent) -> Void)? = nil) -> LeasedFlakeIssuer.Configuration {
        LeasedFlakeIssuer.Configuration(
            leaseClock: leaseClock, sleep: { [self] in try await sleep($0) }, onEvent: onEvent)
    }

    func sleep(_ duration: Duration) async throws {
        let wake = monotonic.millisecondsSince1970 + Self.milliseconds(duration)
        let id = sleepers.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = sleepers.withLock { state -> Bool in
                    if state.cancelledEarly.remove(id) != nil { return true }
                    state.waiting[id] = (wake, continuation)
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = sleepers.withLock { state in
                guard let sleeper = state.waiting.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return CheckedContinuation<Void, any Error>?.none
                }
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// How many tasks are asleep right now.
    var sleeperCount: Int { sleepers.withLock { $0.waiting.count } }

    /// Waits (in real time, up to 10 s) until `count` tasks are asleep.
    func waitForSleepers(_ count: Int = 1) async {
        let start = ContinuousClock.now
        while sleeperCount < count && ContinuousClock.now - start < .seconds(60) {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Moves both clocks forward in steps, waking the sleepers that are due at each step and
    /// waiting until they are asleep again.
    func advance(byMilliseconds total: Int64, step: Int64 = 100, sleepers expected: Int = 1) async {
        var left = total
        while left > 0 {
            let move = min(step, left)
            monotonic.advance(byMilliseconds: move)
            wall.advance(byMilliseconds: move)
            left -= move
            let now = monotonic.millisecondsSince1970
            let due = sleepers.withLock { state in
                let due = state.waiting.filter { $0.value.wake <= now }
                for key in due.keys { state.waiting[key] = nil }
                return due.values.map(\.continuation)
            }
            for continuation in due { continuation.resume() }
            if !due.isEmpty { await waitForSleepers(expected) }
        }
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

extension FlakeLayout {
    func tick(of id: FlakeID) -> Int64 { parts(of: id).tick }
}
