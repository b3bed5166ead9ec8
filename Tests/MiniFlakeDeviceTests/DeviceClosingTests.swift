import Foundation
import MiniFlakeDevice
import MiniFlakeTestSupport
import Testing

@Suite("Device issuer: reservations sized by demand, close(), left-behind installations")
struct DeviceClosingTests {
    /// The clock's tick on a rig.
    static func now(_ rig: DeviceRig) -> Int64 {
        FlakeLayout.miniFlake.tick(millisecondsSince1970: rig.clock.flakeClock.millisecondsSince1970())
    }

    @Test("opening reserves the smallest window (4 ms of a 1 s reservation) and nothing ahead")
    func openingReservesLittle() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        #expect(issuer.markTick == Self.now(rig) + 4)
        _ = try issue(issuer, 2)
        issuer.waitForReservationAhead()
        #expect(issuer.markTick == Self.now(rig) + 4)
        #expect(try rig.stateText().contains("mark \(Self.now(rig) + 4)\n"))
    }

    @Test("a burst grows the windows and reserves ahead; the mark stays within two of the largest")
    func burstGrowsWindows() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let ids = try issue(issuer, 4096 * 600)  // 600 ticks' worth from a clock that stands still
        issuer.waitForReservationAhead()
        let last = issuer.layout.parts(of: try #require(ids.last)).tick
        #expect(Set(ids).count == ids.count)
        #expect(issuer.markTick > last + 1, "a window is reserved ahead while demand is high")
        #expect(issuer.markTick <= last + 1 + 2 * 1000)
    }

    @Test("the largest batch nextImmediately(count:) takes gets a window that holds it, reserved in the background")
    func largestImmediateBatch() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let batch = try immediatelyOnceReserved(issuer) { () throws(FlakeError) in
            try issuer.nextImmediately(count: issuer.maximumBatchCount)
        }
        #expect(batch.count == issuer.maximumBatchCount)
        #expect(issuer.markTick > issuer.layout.parts(of: batch[batch.count - 1]).tick)
    }

    @Test("close() stores the tick after the last ID; the next launch resumes there, at the clock")
    func closeResumes() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let made = try issue(first, 3)
        try first.closeBlocking()
        let lastTick = first.layout.parts(of: made[2]).tick
        #expect(first.markTick == lastTick + 1)
        #expect(try rig.stateText().contains("mark \(lastTick + 1)\n"))
        rig.clock.advance(by: .milliseconds(5))
        let next = try rig.issuer()
        let id = try next.nextBlocking()
        #expect(id > made[2])
        #expect(next.layout.parts(of: id).tick == Self.now(rig))
    }

    @Test("an issuer keeps issuing after close(), above what it issued before")
    func usableAfterClose() throws {
        let rig = try DeviceRig()
        let issuer = try rig.issuer()
        let before = try issue(issuer, 5_000)
        try issuer.closeBlocking()
        #expect(issuer.currentInstanceNumber == nil)
        let after = try issue(issuer, 5_000)
        #expect(after[0] > before.last!)
        #expect(issuer.currentInstanceNumber != nil)
        try issuer.closeBlocking()
        try issuer.closeBlocking()  // twice: nothing left to store
        #expect(issuer.markTick == issuer.layout.parts(of: after.last!).tick + 1)
    }

    @Test("close() leaves the mark when another process of the kind reserved after this one")
    func closeKeepsOthersWindows() throws {
        let rig = try DeviceRig()
        let first = try rig.issuer()
        let early = try first.nextBlocking()
        let second = try rig.issuer()  // a second process of the same kind, above the first's window
        let secondID = try second.nextBlocking()
        let markAfterSecond = second.markTick
        try first.closeBlocking()
        #expect(try rig.stateText().contains("mark \(markAfterSecond)\n"))
        try second.closeBlocking()
        #expect(second.markTick == second.layout.parts(of: secondID).tick + 1)
        #expect(secondID > early)
        let third = try rig.issuer()
        #expect(try third.nextBlocking() > secondID)
    }

    @Test(
        "600 launches on a manual clock, 5 ms apart, 0-2 IDs, 1 in 5 killed: the lead stays under 5 ms",
        arguments: [true, false])
    func launchStormOnManualClock(closing: Bool) throws {
        let rig = try DeviceRig()
        var random = SeededGenerator(seed: 5)
        var all: [FlakeID] = []
        var worstLead: Int64 = 0
        for index in 0..<600 {
            let killed = index % 5 == 4
            let issuer = try rig.issuer(kind: "widget")
            #expect(issuer.launchRecovery == nil)
            let ids = try issue(issuer, killed ? 1 : Int(random.next() % 3))
            for id in ids { worstLead = max(worstLead, issuer.layout.parts(of: id).tick - Self.now(rig)) }
            all += ids
            if closing && !killed { try issuer.closeBlocking() }
            rig.clock.advance(by: .milliseconds(5))
        }
        #expect(Set(all).count == all.count && all == all.sorted())
        #expect(worstLead < 5, "worst lead \(worstLead) ms")
    }

    @Test("forgetLeftBehind drops an installation once the clock has passed its mark, not before")
    func forgetLeftBehind() throws {
        let rig = try DeviceRig()
        rig.advance(minutes: 60)
        let fast = try rig.issuer()
        _ = try issue(fast, 10)
        rig.advance(minutes: -60)
        let corrected = try rig.issuer()
        let left = try #require(corrected.leftBehind.last)
        #expect(try corrected.forgetLeftBehindBlocking(left.installation) == false)
        #expect(corrected.leftBehind == [left])
        rig.advance(minutes: 61)
        #expect(try corrected.forgetLeftBehindBlocking(left.installation))
        #expect(corrected.leftBehind.isEmpty)
        #expect(!(try rig.stateText().contains("left-behind")))
        #expect(try corrected.forgetLeftBehindBlocking(left.installation))  // gone already
    }

    @Test("the async close() and forgetLeftBehind(_:) run their blocking twins off the pool")
    func asyncTwins() async throws {
        let rig = try DeviceRig()
        let issuer = try await DeviceFlakeIssuer.open(
            directory: rig.path, deviceKey: FixedDeviceKey("device"), configuration: rig.settings)
        let id = try await issuer.next()
        try await issuer.close()
        #expect(issuer.markTick == issuer.layout.parts(of: id).tick + 1)
        #expect(try await issuer.forgetLeftBehind(issuer.installation))
    }
}
