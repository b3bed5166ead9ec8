import Testing

@testable import MiniFlakeLease

/// The renewal decisions alone: a state and a lease-clock reading in, a step out. A 30 s lease
/// renewed every 10 s, a 25 s deadline, retries every second.
@Suite("Lease renewal state machine")
struct LeaseRenewalMachineTests {
    static let timing = LeaseRenewalMachine.Timing(
        renewalMilliseconds: 10_000, retryMilliseconds: 1000, checkMilliseconds: 1000, renewalTicks: 10_000,
        maximumLeadTicks: 1000)

    /// Claimed at lease-clock 0 with a reservation up to tick 1,000,000, and running.
    static func running() -> LeaseRenewalMachine {
        var machine = LeaseRenewalMachine(timing: timing, sentAt: 0, deadline: 25_000, reservedTick: 1_000_000)
        machine.phase = .running
        return machine
    }

    @Test("stops unless running")
    func stopsUnlessRunning() {
        var machine = Self.running()
        for phase in [LeaseRenewalMachine.Phase.ready, .stopping, .stopped] {
            machine.phase = phase
            #expect(machine.nextStep(now: 50_000, lastIssuedTick: nil).step == .stop)
        }
    }

    @Test("waits in check-sized steps until the renewal is due, then renews")
    func renewsWhenDue() {
        var machine = Self.running()
        #expect(machine.nextStep(now: 0, lastIssuedTick: 10).step == .wait(milliseconds: 1000))
        #expect(machine.nextStep(now: 9_700, lastIssuedTick: 10).step == .wait(milliseconds: 300))
        #expect(machine.nextStep(now: 10_000, lastIssuedTick: 10) == .init(step: .renew))
        machine.renewed(sentAt: 10_000, deadline: 35_000, reservedTick: 1_010_000)
        #expect(machine.deadline == 35_000 && machine.reservedTick == 1_010_000)
        #expect(machine.nextStep(now: 10_001, lastIssuedTick: 10).step == .wait(milliseconds: 1000))
        #expect(machine.nextStep(now: 20_000, lastIssuedTick: 10).step == .renew)
    }

    @Test("a late renewal answer never moves the deadline or the reservation back")
    func renewalNeverShrinks() {
        var machine = Self.running()
        machine.renewed(sentAt: 5_000, deadline: 20_000, reservedTick: 900_000)
        #expect(machine.deadline == 25_000)
        #expect(machine.reservedTick == 1_000_000)
    }

    @Test("renews early when the generator nears its reservation, at most once per retry interval")
    func renewsEarlyUnderPressure() {
        var machine = Self.running()
        // 1,000,000 - 10,000 renewal ticks - 1000 lead ticks: one tick more is too close.
        #expect(machine.nextStep(now: 100, lastIssuedTick: 989_000).step == .wait(milliseconds: 1000))
        #expect(machine.nextStep(now: 100, lastIssuedTick: 989_001).step == .renew)
        machine.renewalFailed(now: 100)
        #expect(machine.nextStep(now: 600, lastIssuedTick: 989_001).step == .wait(milliseconds: 500))
        #expect(machine.nextStep(now: 1_100, lastIssuedTick: 989_001).step == .renew)
        #expect(machine.nextStep(now: 100, lastIssuedTick: .max).step == .wait(milliseconds: 1000))
    }

    @Test("a caller refused past the reservation presses for an early renewal, though nothing was issued there")
    func refusalPressesForRenewal() {
        var machine = Self.running()
        #expect(machine.nextStep(now: 100, lastIssuedTick: 5).step == .wait(milliseconds: 1000))
        machine.refused(atTick: 1_000_001)
        #expect(machine.nextStep(now: 100, lastIssuedTick: 5).step == .renew)
        // A lower refusal later does not hide the higher one.
        machine.refused(atTick: 7)
        #expect(machine.refusedTick == 1_000_001)
    }

    @Test("reports the deadline passing once, and again only after a renewal")
    func reportsExpiryOnce() {
        var machine = Self.running()
        machine.renewalFailed(now: 24_500)
        #expect(machine.nextStep(now: 24_999, lastIssuedTick: nil).expired == false)
        #expect(
            machine.nextStep(now: 25_000, lastIssuedTick: nil) == .init(step: .wait(milliseconds: 500), expired: true))
        #expect(machine.nextStep(now: 25_500, lastIssuedTick: nil) == .init(step: .renew, expired: false))
        machine.renewed(sentAt: 25_500, deadline: 50_500, reservedTick: 1_000_000)
        #expect(machine.nextStep(now: 50_500, lastIssuedTick: nil).expired)
    }

    @Test("a lost lease claims at once; a failed claim retries after the retry interval")
    func lostThenClaims() {
        var machine = Self.running()
        machine.lost(now: 10_000)
        #expect(!machine.isHolding)
        #expect(machine.nextStep(now: 10_000, lastIssuedTick: 5).step == .claim)
        machine.claimFailed(now: 10_000)
        #expect(machine.nextStep(now: 10_400, lastIssuedTick: 5).step == .wait(milliseconds: 600))
        #expect(machine.nextStep(now: 11_000, lastIssuedTick: 5).step == .claim)
        machine.claimed(sentAt: 11_000, deadline: 36_000, reservedTick: 2_000_000)
        #expect(machine.isHolding)
        #expect(machine.nextStep(now: 11_000, lastIssuedTick: nil).step == .wait(milliseconds: 1000))
        #expect(machine.nextStep(now: 21_000, lastIssuedTick: nil).step == .renew)
    }

    @Test("tells callers that may not issue when to try again, between 10 ms and the retry interval")
    func retryHints() {
        var machine = Self.running()
        #expect(machine.retryAfterMilliseconds(now: 0) == 1000)
        #expect(machine.retryAfterMilliseconds(now: 9_500) == 500)
        #expect(machine.retryAfterMilliseconds(now: 12_000) == 10)
        machine.renewalFailed(now: 3_000)
        #expect(machine.retryAfterMilliseconds(now: 3_600, reservation: true) == 400)
        #expect(machine.retryAfterMilliseconds(now: 5_000, reservation: true) == 10)
    }
}
