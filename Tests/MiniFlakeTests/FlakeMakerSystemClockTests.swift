import Foundation
import Testing

@testable import MiniFlake

/// The generator's short path runs only with the system clocks and 1 ms ticks; these tests
/// drive it with the real clock, where the other generator tests use a manual one.
@Suite("Generator on the system clock")
struct FlakeMakerSystemClockTests {
    /// The clock's tick for a layout, read the way the generator reads it.
    private func tick(_ layout: FlakeLayout) -> Int64 {
        FlakeClock.system.millisecondsSince1970() - layout.epochMillisecondsSince1970
    }

    @Test(
        "IDs carry the clock's tick and increase, in every 1 ms layout and on both system clocks",
        arguments: [FlakeLayout.miniFlake, .twitter, .discord], [FlakeClock.system, .coarse])
    func idsFollowTheClock(layout: FlakeLayout, clock: FlakeClock) throws {
        let maker = try FlakeMaker(instance: 5, layout: layout, clock: clock)
        var previous: Int64 = 0
        for _ in 0..<20_000 {
            // The generator's own clock, read before the call: the ID's tick is never below
            // it. (Against the precise clock, the coarse one usually trails by at most its
            // declared lag, but under heavy load on a virtual machine it has trailed further.)
            let before = clock.millisecondsSince1970() - layout.epochMillisecondsSince1970
            let id = try maker.nextBlocking()
            let after = tick(layout)
            let parts = layout.parts(of: id)
            #expect(id.rawValue > previous)
            #expect(parts.instanceNumber == 5)
            // A carried sequence may lead the clock, within the maximum lead.
            #expect(parts.tick >= before)
            #expect(parts.tick <= after + 1_000)
            previous = id.rawValue
        }
    }

    @Test("an epoch in the future: the system clock is before it, and the generator throws")
    func clockBeforeEpoch() throws {
        let future = FlakeClock.system.millisecondsSince1970() + 86_400_000
        let layout = try FlakeLayout(
            name: "future", timestampBits: 41, sequenceBits: 12, instanceBits: 10,
            fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: future)
        let maker = try FlakeMaker(instance: 1, layout: layout)
        #expect {
            try maker.nextBlocking()
        } throws: { error in
            (error as? FlakeError)?.code == .clockBeforeEpoch
        }
    }

    @Test("a layout whose time has run out: the system clock is past its end, and the generator throws")
    func timestampOverflow() throws {
        let layout = try FlakeLayout(
            name: "short", timestampBits: 20, sequenceBits: 12, instanceBits: 10,
            fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 1_519_862_400_000)
        let maker = try FlakeMaker(instance: 1, layout: layout)
        #expect {
            try maker.nextBlocking()
        } throws: { error in
            (error as? FlakeError)?.code == .timestampOverflow
        }
    }

    @Test("a high-water tick ahead of the system clock: IDs resume above it, within the lead")
    func resumesAboveHighWater() throws {
        let layout = FlakeLayout.miniFlake
        let highWater = tick(layout) + 200
        let maker = try FlakeMaker(
            instance: 9, maximumLead: .seconds(1), lastIssuedTick: highWater)
        let first = layout.parts(of: try maker.nextBlocking())
        #expect(first.tick == highWater + 1)
        #expect(first.sequence == 0)
        let second = layout.parts(of: try maker.nextBlocking())
        #expect(second.tick == first.tick)
        #expect(second.sequence == 1)
        #expect(maker.lastIssuedTick == highWater + 1)
    }

    @Test("a full tick's sequence carries into the next tick on the system clock")
    func sequenceCarries() throws {
        let layout = FlakeLayout.miniFlake
        let maker = try FlakeMaker(instance: 3)
        let wanted = 10
        var carries = 0
        // Fill a tick from its sequence 0 with one batch, then ask for one more while the clock
        // has not passed that tick: the ID must be the next tick's sequence 0, ahead of the clock.
        // A busy machine may let the millisecond pass before the last call; try again then, up
        // to 5,000 times (a try takes about a millisecond).
        for _ in 0..<5_000 where carries < wanted {
            var first = layout.parts(of: try maker.nextBlocking())
            while first.sequence != 0 { first = layout.parts(of: try maker.nextBlocking()) }
            let batch = try maker.nextBlocking(count: 4095)
            let full = layout.parts(of: try #require(batch.last))
            guard full.tick == first.tick, full.sequence == 4095 else { continue }
            let next = layout.parts(of: try maker.nextBlocking())
            let clockTick = layout.tick(millisecondsSince1970: FlakeClock.system.millisecondsSince1970())
            #expect(next.tick >= full.tick + 1)
            // The clock had not passed the full tick, even after the call (a slow run may have
            // run the generator ahead of it already): the next ID can only be a carry.
            guard clockTick <= full.tick else { continue }
            #expect(next.tick == full.tick + 1 && next.sequence == 0)
            carries += 1
        }
        // The case this test checks must have happened, or it proves nothing.
        #expect(carries == wanted, "the clock stayed in one tick for a batch and one more ID only \(carries) times")
    }
}
