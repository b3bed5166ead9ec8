import Foundation
import MiniFlake
import MiniFlakeTestSupport
import Testing

@testable import MiniFlakeLease

/// A claim the backend reports as a takeover, against an in-memory backend and simulated time:
/// a 30 s lease renewed every 10 s, a 5 s safety margin, a 1 s maximum lead.
@Suite("Lease takeover")
struct LeaseTakeoverTests {
    let layout = FlakeLayout.miniFlake

    @Test("a takeover issues nothing for a lease duration plus the lead, renews meanwhile, and starts above the floor")
    func takeoverWaitsOut() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 9...9)
        backend.claimsTakeOver.store(true, ordering: .relaxed)
        // The table shows an old mark, as after a failover that lost the last renewals.
        let claimTick = layout.tick(millisecondsSince1970: time.clock.millisecondsSince1970)
        backend.setHighWaterTick(claimTick - 60_000, of: 9)
        let opening = Task {
            try await LeasedFlakeIssuer(backend: backend, clock: time.flakeClock, configuration: time.configuration())
        }
        await time.waitForSleepers()
        // 30.9 s later it still waits, and has renewed at 10, 20 and 30 s.
        await time.advance(byMilliseconds: 30_900)
        #expect(backend.renewals.load(ordering: .relaxed) == 3)
        #expect(backend.row(9)?.highWaterTick ?? 0 >= claimTick + 31_000)
        await time.clock.waitForSleepers()
        time.clock.advance(by: .milliseconds(100))
        let issuer = try await opening.value
        let id = try issuer.nextImmediately()
        #expect(layout.parts(of: id).instanceNumber == 9)
        // Above every tick a holder that renewed at the claim could reach: the claim's wall
        // tick, plus the lease and the lead.
        #expect(layout.tick(of: id) > claimTick + 31_000)
        await issuer.release()
    }

    @Test("a takeover whose number's mark is an hour ahead of this clock issues above it once the wait is over")
    func takeoverFarAheadOfTheClock() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 9...9)
        backend.claimsTakeOver.store(true, ordering: .relaxed)
        // The last holder's clock ran an hour ahead of this one (or this one is an hour behind).
        let claimTick = layout.tick(millisecondsSince1970: time.clock.millisecondsSince1970)
        let mark = claimTick + 3_600_000
        backend.setHighWaterTick(mark, of: 9)
        let opening = Task {
            try await LeasedFlakeIssuer(backend: backend, clock: time.flakeClock, configuration: time.configuration())
        }
        await time.waitForSleepers()
        await time.advance(byMilliseconds: 30_900)
        await time.clock.waitForSleepers()
        time.clock.advance(by: .milliseconds(100))
        let issuer = try await opening.value
        let id = try issuer.nextImmediately()
        #expect(layout.tick(of: id) > mark)
        #expect(issuer.currentInstanceNumber == 9)
        await issuer.release()
    }

    @Test("a claim that is not a takeover issues at once")
    func cleanClaimIssuesAtOnce() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 4...4)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        _ = try issuer.nextImmediately()
        #expect(backend.renewals.load(ordering: .relaxed) == 1)
        await issuer.release()
    }

    @Test("a takeover whose lease goes while it waits fails, and a later claim starts over")
    func takeoverLostWhileWaiting() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 2...2)
        backend.claimsTakeOver.store(true, ordering: .relaxed)
        let opening = Task {
            try await LeasedFlakeIssuer(backend: backend, clock: time.flakeClock, configuration: time.configuration())
        }
        await time.waitForSleepers()
        backend.steal(2)
        time.clock.advance(by: .milliseconds(10_000))
        let error = await #expect(throws: LeaseBackendError.self) { try await opening.value }
        #expect(error?.code == .lost)
    }

    @Test("a takeover whose renewals fail past the lease's local deadline fails and frees the number above its floor")
    func takeoverUnreachableWhileWaiting() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 3...3)
        let claimTick = layout.tick(millisecondsSince1970: time.clock.millisecondsSince1970)
        backend.claimsTakeOver.store(true, ordering: .relaxed)
        let opening = Task {
            try await LeasedFlakeIssuer(backend: backend, clock: time.flakeClock, configuration: time.configuration())
        }
        await time.waitForSleepers()
        backend.renewalsFail.store(true, ordering: .relaxed)
        await time.advance(byMilliseconds: 24_000, step: 1_000)
        time.clock.advance(by: .milliseconds(2_000))
        let error = await #expect(throws: LeaseBackendError.self) { try await opening.value }
        #expect(error?.code == .unavailable)
        #expect(try await backend.list().first?.isHeld == false)
        // Given up, it leaves the takeover's floor as the mark: whoever takes the number next
        // starts above every tick the previous holder could reach.
        #expect(backend.row(3)?.highWaterTick ?? 0 >= claimTick + 31_000)
    }
}
