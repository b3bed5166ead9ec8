import MiniFlake
import MiniFlakeTestSupport
import Testing

/// The one clock a test drives: wall time, elapsed time and sleeps.
@Suite("ManualFlakeClock")
struct ManualFlakeClockTests {
    @Test("advance(by:) moves the wall and the elapsed time; set and a negative advance move only the wall")
    func wallAndElapsed() {
        let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
        let clock = time.flakeClock
        let elapsed = clock.elapsedMilliseconds()
        time.advance(by: .milliseconds(250))
        #expect(clock.millisecondsSince1970() == 1_700_000_000_250)
        #expect(clock.elapsedMilliseconds() == elapsed + 250)
        time.set(millisecondsSince1970: 1_600_000_000_000)
        time.advance(by: .seconds(-5))
        #expect(clock.millisecondsSince1970() == 1_599_999_995_000)
        #expect(clock.elapsedMilliseconds() == elapsed + 250, "elapsed time never runs backwards")
    }

    @Test("a sleeper wakes when the elapsed time passes its wake-up time, not before, and not on set")
    func sleepers() async throws {
        let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
        let sleeping = Task { try await time.flakeClock.sleep(for: .milliseconds(100)) }
        await time.waitForSleepers()
        time.set(millisecondsSince1970: 1_800_000_000_000)
        time.advance(by: .milliseconds(99))
        #expect(time.sleeperCount == 1)
        time.advance(by: .milliseconds(1))
        try await sleeping.value
        #expect(time.sleeperCount == 0)
        try await time.flakeClock.sleep(for: .zero)  // no time to wait: returns at once
    }

    @Test("waiting for a sleeper that never comes records an issue instead of returning quietly")
    func waitForSleepersFails() async {
        let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
        await withKnownIssue("nothing sleeps on the clock") {
            await time.waitForSleepers(1, upTo: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("0 asleep") }
        }
    }

    @Test("cancelling a sleeper ends its sleep with CancellationError")
    func cancellation() async {
        let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
        let sleeping = Task { try await time.flakeClock.sleep(for: .seconds(3600)) }
        await time.waitForSleepers()
        sleeping.cancel()
        let result = await sleeping.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(time.sleeperCount == 0)
    }

    @Test("a custom wall clock keeps the system's elapsed time and sleep")
    func customWall() async throws {
        let clock = FlakeClock(maximumLag: .milliseconds(3)) { 42 }
        #expect(clock.millisecondsSince1970() == 42)
        #expect(clock.maximumLag == .milliseconds(3))
        let before = FlakeClock.system.elapsedMilliseconds()
        try await clock.sleep(for: .milliseconds(2))
        #expect(clock.elapsedMilliseconds() >= before + 2)
    }
}
