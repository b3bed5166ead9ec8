import Foundation
import MiniFlake
import MiniFlakeLease
import MiniFlakeTestSupport
import Testing

/// Simulated time for lease tests: one manual clock whose wall time stamps the identifiers,
/// whose elapsed time times the lease, and on which the renewal loop sleeps until the test
/// moves it past its wake-up time.
final class TestTime: Sendable {
    let clock: ManualFlakeClock

    init(wallMilliseconds: Int64 = 1_700_000_000_000) {
        clock = ManualFlakeClock(millisecondsSince1970: wallMilliseconds)
    }

    var flakeClock: FlakeClock { clock.flakeClock }

    /// A configuration with the issuer's usual timing and an event handler.
    func configuration(onEvent: (@Sendable (LeaseEvent) -> Void)? = nil) -> LeasedFlakeIssuer.Configuration {
        LeasedFlakeIssuer.Configuration(onEvent: onEvent)
    }

    /// Waits (in real time, up to 60 s) until `count` tasks are asleep on the clock; records an
    /// issue at the caller's line when they are not.
    func waitForSleepers(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        await clock.waitForSleepers(count, sourceLocation: sourceLocation)
    }

    /// Lets time pass in steps, and after each step that woke a sleeper waits until
    /// `expected` tasks are asleep again (an issue at the caller's line when they are not).
    func advance(
        byMilliseconds total: Int64, step: Int64 = 100, sleepers expected: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await clock.advance(byMilliseconds: total, step: step, sleepers: expected, sourceLocation: sourceLocation)
    }
}

extension FlakeLayout {
    func tick(of id: FlakeID) -> Int64 { parts(of: id).tick }
}
