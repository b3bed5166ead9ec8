import MiniFlake

extension ManualFlakeClock {
    /// Waits, in real time and for at most a minute, until `count` tasks are asleep on the
    /// clock, so that a test moves the clock only once a waiter will see it move.
    package func waitForSleepers(_ count: Int = 1) async {
        let start = ContinuousClock.now
        while sleeperCount < count && ContinuousClock.now - start < .seconds(60) {
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
