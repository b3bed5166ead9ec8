import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

@Suite("Device issuer: relaunches, crashes and clocks set back")
struct DeviceRelaunchTests {
    @Test("a fresh install makes a provisional installation and issues increasing identifiers")
    func freshInstall() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        #expect(issuer.launchRecovery == nil)
        #expect(issuer.needsRegistration && issuer.account == nil)
        #expect(issuer.installation.text.count == 32)
        let number = try #require(issuer.provisionalInstance)
        #expect((512..<1024).contains(number))
        #expect(issuer.currentInstanceNumber == number)
        let ids = try issue(issuer, 10_000)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        #expect(ids.allSatisfy { issuer.layout.parts(of: $0).instanceNumber == number })
        #expect(try rig.stateText().hasPrefix("miniflake-device-state 1\n"))
    }

    @Test("a relaunch on the same directory never repeats nor goes below earlier identifiers")
    func relaunch() throws {
        let rig = try DeviceRig(reservationTicks: 5)
        var seen: [FlakeID] = []
        var installation: RegistryName?
        for launch in 0..<5 {
            let issuer = try rig.issuer()
            #expect(issuer.launchRecovery == nil)
            if let installation { #expect(issuer.installation == installation) }
            installation = issuer.installation
            let ids = try issue(issuer, 30_000)  // several windows (4096 per tick, 5 ticks each)
            if let last = seen.last { #expect(ids[0] > last, "launch \(launch)") }
            seen += ids
            rig.clock.advance(by: .milliseconds(1))
        }
        #expect(Set(seen).count == seen.count)
    }

    @Test("killed after reserving, relaunched with the clock set back minutes: the mark holds")
    func clockBackMinutes() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let before = try issue(first, 2_000)
        let mark = first.markTick
        // The process is killed here: nothing else is written. The clock is set back 5 minutes.
        rig.advance(minutes: -5)
        let relaunched = try rig.issuer()
        #expect(relaunched.launchRecovery == nil)
        #expect(relaunched.installation == first.installation)
        let after = try issue(relaunched, 2_000)
        #expect(after[0] > before.last!)
        #expect(relaunched.layout.parts(of: after[0]).tick >= mark)
    }

    @Test("relaunched with the clock set back a day: a fresh number at once, never a repeat")
    func clockBackADay() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let before = try issue(first, 2_000)
        let oldNumber = first.currentInstanceNumber
        rig.advance(minutes: -24 * 60)
        let started = ContinuousClock.now
        let relaunched = try rig.issuer()
        let after = try issue(relaunched, 2_000)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(relaunched.launchRecovery?.code == .clockFarBehindMark)
        #expect(relaunched.installation != first.installation)
        #expect(relaunched.currentInstanceNumber != oldNumber)
        #expect(relaunched.needsRegistration)
        #expect(relaunched.leftBehind.map(\.installation) == [first.installation])
        #expect(Set(before).isDisjoint(with: after))
        // It issues at the clock, not at the old mark.
        let tick = relaunched.layout.parts(of: after[0]).tick
        #expect(tick < first.markTick - 60_000)
    }

    @Test("the clock 8 hours fast, then corrected: issues at once with a fresh number")
    func clockEightHoursFast() throws {
        let rig = try DeviceRig()
        rig.advance(minutes: 8 * 60)
        let fast = try rig.issuer()
        let made = try issue(fast, 1_000)
        rig.advance(minutes: -8 * 60)
        let started = ContinuousClock.now
        let corrected = try rig.issuer()
        let id = try corrected.nextImmediately()
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(corrected.launchRecovery?.code == .clockFarBehindMark)
        #expect(corrected.currentInstanceNumber != fast.currentInstanceNumber)
        #expect(!made.contains(id))
        let leftBehind = try #require(corrected.leftBehind.last)
        #expect(leftBehind.instance == fast.currentInstanceNumber)
        // A later recovery avoids the number left behind while its mark is still ahead.
        rig.advance(minutes: 24 * 60)
        rig.advance(minutes: -23 * 60)
        #expect(try rig.issuer().currentInstanceNumber != leftBehind.instance)
    }

    @Test("a mark a little ahead of the clock (within the limit) is issued from, not left")
    func markWithinLead() throws {
        let rig = try DeviceRig()
        rig.advance(minutes: 5)
        let ahead = try rig.issuer()
        let made = try issue(ahead, 100)
        rig.advance(minutes: -5)
        let relaunched = try rig.issuer()
        #expect(relaunched.launchRecovery == nil)
        #expect(relaunched.currentInstanceNumber == ahead.currentInstanceNumber)
        #expect(try relaunched.nextBlocking() > made.last!)
    }

    @Test("an older state file restored on the same device: raiseMark protects")
    func olderStateRestored() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let old = try rig.stateText()
        rig.clock.advance(by: .milliseconds(5_000))
        let later = try issue(first, 1_000)  // reserves past the old file's mark
        try rig.writeState(old)
        rig.clock.advance(by: .milliseconds(-5_000))
        let restored = try rig.issuer()
        #expect(restored.launchRecovery == nil)
        try restored.raiseMarkBlocking(above: later.last!)
        #expect(try restored.nextBlocking() > later.last!)
    }

    @Test("a registration's highest seen ID raises the mark")
    func adoptRaisesMark() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let seen = try issuer.layout.compose(
            millisecondsSince1970: rig.clock.millisecondsSince1970 + 120_000, sequence: 0, instanceNumber: 3)
        let recovery = try issuer.adoptBlocking(registration(issuer, account: "alice", instance: 3, highestSeen: seen))
        #expect(recovery == nil)
        #expect(issuer.currentInstanceNumber == 3 && !issuer.needsRegistration)
        #expect(try issuer.nextBlocking() > seen)
    }

    @Test("a registration whose highest seen ID is far ahead leaves the number")
    func adoptFarAhead() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let seen = try issuer.layout.compose(
            millisecondsSince1970: rig.clock.millisecondsSince1970 + 86_400_000, sequence: 0, instanceNumber: 3)
        let recovery = try issuer.adoptBlocking(registration(issuer, account: "alice", instance: 3, highestSeen: seen))
        #expect(recovery?.code == .clockFarBehindMark)
        #expect(issuer.needsRegistration && issuer.account?.text == "alice")
        #expect(issuer.currentInstanceNumber != 3)
        #expect(issuer.leftBehind.last?.instance == 3)
    }
}
