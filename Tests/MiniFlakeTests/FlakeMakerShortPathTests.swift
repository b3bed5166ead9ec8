import Foundation
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

/// The generator's short path compares a packed clock reading with the end of the last
/// identifier's tick, kept beside the state word; these tests check that comparison against
/// the layout's own arithmetic, and that the kept end never runs ahead of the state word.
@Suite("Generator short path")
struct FlakeMakerShortPathTests {
    /// Any clock reading from 1970 to 2262: seconds, and nanoseconds within the second.
    private func randomReading(using random: inout SeededGenerator) -> (seconds: Int64, nanoseconds: Int64) {
        (Int64.random(in: 0..<9_223_372_036, using: &random), Int64.random(in: 0..<1_000_000_000, using: &random))
    }

    /// The tick a reading falls in, by the layout's own arithmetic on milliseconds.
    private func tick(of reading: (seconds: Int64, nanoseconds: Int64), _ layout: FlakeLayout) -> Int64 {
        layout.tick(millisecondsSince1970: reading.seconds * 1000 + reading.nanoseconds / 1_000_000)
    }

    @Test("packed readings order as (seconds, nanoseconds) pairs do")
    func packedReadingsKeepOrder() {
        var random = SeededGenerator(seed: 0x5EED_0021)
        for _ in 0..<50_000 {
            let a = randomReading(using: &random)
            // Half the time the same second, so that the nanoseconds decide.
            let other = randomReading(using: &random)
            let b = Bool.random(using: &random) ? (seconds: a.seconds, nanoseconds: other.nanoseconds) : other
            let packedA = FlakeMaker.packedReading(UInt64(a.seconds), a.nanoseconds)
            let packedB = FlakeMaker.packedReading(UInt64(b.seconds), b.nanoseconds)
            #expect((packedA < packedB) == ((a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)))
        }
    }

    @Test(
        "a reading is before a tick's end exactly when it falls in that tick or an earlier one",
        arguments: [FlakeLayout.miniFlake, .twitter, .discord])
    func tickEndMatchesTheLayout(layout: FlakeLayout) throws {
        let maker = try FlakeMaker(instance: 1, layout: layout)
        var random = SeededGenerator(seed: 0x5EED_0022)
        let lastSecond = (layout.epochMillisecondsSince1970 + layout.maximumTick) / 1000
        for _ in 0..<50_000 {
            let second = Int64.random(in: layout.epochMillisecondsSince1970 / 1000...lastSecond, using: &random)
            let reading = (seconds: second, nanoseconds: Int64.random(in: 0..<1_000_000_000, using: &random))
            let readingTick = tick(of: reading, layout)
            guard (0..<layout.maximumTick).contains(readingTick) else { continue }
            // The reading's own tick, the ones either side, and one far away.
            let far = Int64.random(in: 0...layout.maximumTick, using: &random)
            for candidate in [readingTick - 1, readingTick, readingTick + 1, far] where candidate >= 0 {
                let before =
                    FlakeMaker.packedReading(UInt64(reading.seconds), reading.nanoseconds)
                    < maker.tickEnd(UInt64(candidate))
                #expect(before == (readingTick <= candidate), "tick \(candidate), reading \(reading)")
            }
            #expect(maker.elapsedTicks(reading.seconds, reading.nanoseconds) == readingTick)
        }
    }

    @Test("the kept tick end never runs ahead of the last ID's tick, and catches up with it")
    func keptTickEndFollowsTheState() throws {
        let maker = try FlakeMaker(instance: 2)
        var caughtUp = 0
        for _ in 0..<50_000 {
            let id = try maker.nextBlocking()
            let idEnd = maker.tickEnd(UInt64(FlakeLayout.miniFlake.parts(of: id).tick))
            let kept = maker.lastTickEnd.load(ordering: .relaxed)
            #expect(kept <= idEnd)
            if kept == idEnd { caughtUp += 1 }
        }
        // Every ID on the short path has its tick's end kept; bursts that carry ahead of the
        // clock leave it behind until the slow path brings it up to date.
        #expect(caughtUp > 25_000)
    }

    @Test("resumed ahead of the clock, the generator leads it: the short path stays closed, no end is kept")
    func keptTickEndUnderALead() throws {
        let layout = FlakeLayout.miniFlake
        let highWater = FlakeClock.system.millisecondsSince1970() - layout.epochMillisecondsSince1970 + 200
        let maker = try FlakeMaker(instance: 9, lastIssuedTick: highWater)
        let ids = try (0..<1_000).map { _ in try maker.nextBlocking() }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue })
        #expect(layout.parts(of: ids[0]).tick == highWater + 1)
        // Every ID went the slow way, which leaves the kept end alone: with a lead, the short
        // path would refuse the state word whatever the end said.
        #expect(maker.lastTickEnd.load(ordering: .relaxed) == 0)
    }

    @Test("a custom clock takes the same short path out of line; a 10 ms tick never takes it")
    func shortPathOffTheSystemClocks() throws {
        let custom = try FlakeMaker(instance: 1, clock: FlakeClock { 1_600_000_000_000 })
        let sonyflake = try FlakeMaker(instance: 1, layout: .sonyflake)
        #expect(!custom.hasShortPath && custom.hasCustomClockShortPath)
        #expect(!sonyflake.hasShortPath && !sonyflake.hasCustomClockShortPath)
        let first = try custom.nextBlocking()
        _ = try sonyflake.nextBlocking()
        // The full path kept the tick's end, and the custom clock's short path issues the next.
        #expect(
            custom.lastTickEnd.load(ordering: .relaxed)
                == custom.tickEnd(UInt64(FlakeLayout.miniFlake.parts(of: first).tick)))
        #expect(custom.shortPathRawValue() == first.rawValue + (1 << 10))
        #expect(sonyflake.lastTickEnd.load(ordering: .relaxed) == 0)
        #expect(sonyflake.shortPathRawValue() == -1)
        #expect(try FlakeMaker(instance: 1).hasShortPath)
        #expect(try FlakeMaker(instance: 1, clock: .coarse).hasShortPath)
    }

    @Test("a coarse reading lets a flood skip the precise clock only while the precise clock is before the last tick")
    func coarseReadingBoundsThePreciseClock() throws {
        let maker = try FlakeMaker(instance: 3)
        #if os(Linux)
            #expect(maker.coarseLagTicks == FlakeClock.coarse.maximumLagMilliseconds)
        #endif
        let lag = max(maker.coarseLagTicks, 0)
        let layout = FlakeLayout.miniFlake
        var random = SeededGenerator(seed: 0x5EED_0023)
        var skipped = 0
        for _ in 0..<50_000 {
            let coarse = (
                seconds: Int64.random(in: 1_600_000_000..<1_900_000_000, using: &random),
                nanoseconds: Int64.random(in: 0..<1_000_000_000, using: &random)
            )
            let coarseTick = tick(of: coarse, layout)
            let lastTick = coarseTick + Int64.random(in: -3...(lag + 3), using: &random)
            guard maker.preciseClockIsBefore(tick: lastTick, coarse: coarse.seconds, coarse.nanoseconds) else {
                continue
            }
            skipped += 1
            // Any precise reading the coarse one may trail by at most the lag.
            let aheadNanoseconds = Int64.random(in: 0...(lag * 1_000_000), using: &random)
            let preciseTotal = coarse.seconds * 1_000_000_000 + coarse.nanoseconds + aheadNanoseconds
            let precise = (seconds: preciseTotal / 1_000_000_000, nanoseconds: preciseTotal % 1_000_000_000)
            #expect(tick(of: precise, layout) < lastTick, "coarse \(coarse), last tick \(lastTick)")
        }
        #expect(skipped > 1_000)
    }

    @Test("only a generator on the precise system clock asks the coarse clock")
    func onlyThePreciseClockAsksTheCoarseOne() throws {
        #expect(try FlakeMaker(instance: 1, clock: .coarse).coarseLagTicks == -1)
        #expect(try FlakeMaker(instance: 1, clock: FlakeClock { 1_600_000_000_000 }).coarseLagTicks == -1)
        #expect(try FlakeMaker(instance: 1, layout: .sonyflake).coarseLagTicks == -1)
    }

    @Test(
        "a flood ahead of the clock stays unique and increasing, and returns to the clock's tick when it catches up",
        arguments: [FlakeClock.system, .coarse])
    func floodAheadOfTheClock(clock: FlakeClock) throws {
        let layout = FlakeLayout.miniFlake
        let now = FlakeClock.system.millisecondsSince1970() - layout.epochMillisecondsSince1970
        // Resumed 50 ms ahead of the clock: past the coarse clock's lag, so with the precise
        // clock the coarse one is asked first; with the coarse clock, its own reading is.
        let maker = try FlakeMaker(instance: 4, clock: clock, lastIssuedTick: now + 50)
        var last = Int64.min
        var ticks: Set<Int64> = []
        for _ in 0..<40_000 {
            let id = maker.nextValue()
            #expect(id > last)
            last = id
            ticks.insert(layout.parts(of: FlakeID(rawValue: id)!).tick)
        }
        // 40,000 IDs fill about ten ticks of 4096, every one of them ahead of the clock.
        #expect(ticks.min() == now + 51)
        #expect(ticks.count >= 9)
        // Once the clock has passed the flood's last tick, the next ID takes the clock's tick.
        // (Both clocks: on a loaded virtual machine the coarse one can trail by more than its
        // declared lag, and the flood's path would then still issue in the last tick.)
        let lastTick = layout.parts(of: FlakeID(rawValue: last)!).tick
        func passed(_ clock: FlakeClock) -> Bool {
            clock.millisecondsSince1970() - layout.epochMillisecondsSince1970 > lastTick + 1
        }
        while !passed(.system) || !passed(.coarse) {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
        let next = try maker.nextBlocking()
        let clockTick = FlakeClock.system.millisecondsSince1970() - layout.epochMillisecondsSince1970
        #expect(layout.parts(of: next).tick > lastTick + 1)
        #expect(layout.parts(of: next).tick <= clockTick)
    }
}
