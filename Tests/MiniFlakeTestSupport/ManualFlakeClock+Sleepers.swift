import MiniFlake
import Testing

extension ManualFlakeClock {
    /// Waits, in real time and for at most `limit`, until `count` tasks are asleep on the
    /// clock, so that a test moves the clock only once a waiter will see it move. When the
    /// limit passes first it records an issue at the caller's line, saying how many slept,
    /// so the test fails there rather than later with a puzzling value.
    ///
    /// The limit is five minutes by default: the whole suite on two cores queues hundreds of
    /// tests' jobs on the cooperative pool, and a task has been seen to take over a minute to
    /// reach its sleep there (a CI run of 2026-11-28). Only a task that never sleeps takes longer.
    package func waitForSleepers(
        _ count: Int = 1, upTo limit: Duration = .seconds(300),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let start = ContinuousClock.now
        while sleeperCount < count {
            guard ContinuousClock.now - start < limit else {
                Issue.record(
                    "waited \(limit) for \(count) task(s) asleep on the clock; \(sleeperCount) asleep",
                    sourceLocation: sourceLocation)
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Lets `duration` of elapsed time pass with the wall clock where it was, as for a
    /// generator that stays just as far ahead of the clock: deadlines pass, the lead does not
    /// shrink.
    package func advanceElapsedOnly(by duration: Duration) {
        set(millisecondsSince1970: millisecondsSince1970 - max(0, duration.milliseconds()))
        advance(by: duration)
    }
}

extension ManualFlakeClock {
    /// Lets `total` milliseconds pass in steps of `step`, and after each step that woke a
    /// sleeper waits (as ``waitForSleepers(_:)`` does) until `expected` tasks are asleep
    /// again: a renewal loop woken by a step has done its work, real requests included,
    /// before the next step.
    package func advance(
        byMilliseconds total: Int64, step: Int64 = 100, sleepers expected: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var left = total
        while left > 0 {
            let move = min(step, left)
            let woken = wakingCount(advancingBy: .milliseconds(move))
            left -= move
            if woken > 0 { await waitForSleepers(expected, sourceLocation: sourceLocation) }
        }
    }
}

/// Waits in real time, checking every `interval`, until `condition` holds or `limit` has
/// passed; returns whether it held. For what a test cannot drive with a manual clock, such
/// as a database server coming back: the limit is generous, and the test asserts the result.
package func poll(
    isolation: isolated (any Actor)? = #isolation,
    upTo limit: Duration = .seconds(60), every interval: Duration = .milliseconds(10),
    until condition: () async throws -> Bool
) async rethrows -> Bool {
    let start = ContinuousClock.now
    while true {
        if try await condition() { return true }
        if ContinuousClock.now - start >= limit { return false }
        try? await Task.sleep(for: interval)
    }
}
