import Testing

@testable import MiniFlake

/// 2020-01-01T00:00:00Z, and its MiniFlake tick.
private let start: Int64 = 1_577_836_800_000
private let startTick: Int64 = 57_974_400_000

private func raw(_ tick: Int64, _ sequence: Int64, _ instance: Int64) -> Int64 {
    tick << 22 | sequence << 10 | instance
}

/// A clock whose reading can run another call of the same generator first, as another thread
/// would between the call's load of the state word and its compare-and-swap: the interleavings
/// of two threads, made deterministic. It counts the readings of its precise and coarse
/// clocks.
private final class InterleavingClock: @unchecked Sendable {
    // @unchecked: every test drives it from one thread.
    var precise: Int64
    var coarse: Int64
    var preciseReads = 0
    var coarseReads = 0
    /// Run once, inside the next precise (or coarse) reading, before it answers; that call's own
    /// readings answer `innerPrecise`/`innerCoarse` when set.
    var beforeNextPreciseReading: (() -> Void)?
    var beforeNextCoarseReading: (() -> Void)?

    init(_ milliseconds: Int64) {
        precise = milliseconds
        coarse = milliseconds
    }

    /// The precise clock, with a coarse companion that may lag it by `coarseLag` milliseconds.
    func flakeClock(coarseLag: Int64) -> FlakeClock {
        FlakeClock(
            wall: { [self] in
                preciseReads += 1
                let reading = precise
                if let run = beforeNextPreciseReading {
                    beforeNextPreciseReading = nil
                    run()
                }
                return reading
            },
            coarse: { [self] in
                coarseReads += 1
                let reading = coarse
                if let run = beforeNextCoarseReading {
                    beforeNextCoarseReading = nil
                    run()
                }
                return reading
            }, coarseLagMilliseconds: coarseLag)
    }
}

/// One deterministic test for each invariant of the engine that *Generator internals* lists,
/// each checked by turning the invariant's code off by hand and seeing the test fail.
@Suite
struct GeneratorInvariantTests {
    /// A call that reads a tick at or below the state word's on the new-tick branch (the kept
    /// end lagging the word, as after another thread's late store) goes to the full path: the
    /// new tick's first counter must be above the word's, not equal to it.
    @Test
    func newTickBranchNeedsACounterAboveTheWord() throws {
        let clock = ManualFlakeClock(millisecondsSince1970: start)
        let maker = try FlakeMaker(instance: 5, clock: clock.flakeClock)
        let first = try maker.nextBlocking().rawValue
        #expect(first == raw(startTick, 0, 5))
        // The end of the tick not yet stored, as when the thread that entered it is still
        // between its swap and its store.
        maker.lastTickEnd.store(0, ordering: .releasing)
        #expect(maker.shortPathRawValue() == -1)
        #expect(try maker.nextBlocking().rawValue == raw(startTick, 1, 5))
    }

    /// The layout's end bounds the short path even where the window's ceiling is above it.
    @Test
    func shortPathStopsAtTheLayoutsEnd() throws {
        let layout = FlakeLayout.miniFlake
        let clock = ManualFlakeClock(millisecondsSince1970: layout.lastMillisecondsSince1970 + 2)
        let maker = FlakeMaker(closedWith: layout, clock: clock.flakeClock, maximumLeadTicks: 1000)
        maker.openWindow(instance: 3, floorTick: nil, ceilingTick: layout.maximumTick + 100, deadline: nil)
        #expect(maker.shortPathRawValue() == -1)
        #expect(throws: FlakeRefusal.self) { try maker.issue(waiting: false) }
        #expect(maker.nextValue() == -1)
    }

    /// A late store of an earlier tick's end (a thread that entered tick T storing after
    /// another entered T + 1) leaves the end behind the word, never ahead: the next call goes to
    /// the full path, issues in the word's tick and keeps that tick's end again.
    @Test
    func keptTickEndRecoversFromALateStore() throws {
        let clock = ManualFlakeClock(millisecondsSince1970: start)
        let maker = try FlakeMaker(instance: 6, clock: clock.flakeClock)
        _ = try maker.nextBlocking()
        clock.advance(by: .milliseconds(1))
        #expect(try maker.nextBlocking().rawValue == raw(startTick + 1, 0, 6))
        maker.lastTickEnd.store(maker.tickEnd(UInt64(startTick)), ordering: .releasing)
        #expect(maker.shortPathRawValue() == -1)
        #expect(try maker.nextBlocking().rawValue == raw(startTick + 1, 1, 6))
        #expect(maker.lastTickEnd.load(ordering: .acquiring) == maker.tickEnd(UInt64(startTick + 1)))
        #expect(maker.shortPathRawValue() == raw(startTick + 1, 2, 6))
    }

    /// Two threads: A reads tick T + 1 and takes the new-tick branch; B, in between, issues in
    /// tick T. A's swap fails; A must then issue in T + 1, its own tick, and the kept end must
    /// never be T + 1's while the word is still in T (it would send a call that read T + 1 to the
    /// same-tick branch, to issue behind its own reading).
    @Test
    func keptTickEndAcrossTwoThreads() throws {
        let clock = InterleavingClock(start)
        let maker = try FlakeMaker(instance: 7, clock: clock.flakeClock(coarseLag: 2))
        for sequence in 0..<6 {
            #expect(maker.nextValue() == raw(startTick, Int64(sequence), 7))
        }
        clock.precise = start + 1
        var inner: Int64 = 0
        clock.beforeNextPreciseReading = {
            // B read the clock a moment earlier, still in tick T.
            clock.precise = start
            inner = maker.nextValue()
            #expect(maker.lastTickEnd.load(ordering: .acquiring) == maker.tickEnd(UInt64(startTick)))
            clock.precise = start + 1
        }
        let outer = maker.nextValue()
        #expect(inner == raw(startTick, 6, 7))
        #expect(outer == raw(startTick + 1, 0, 7))
        #expect(maker.lastTickEnd.load(ordering: .acquiring) == maker.tickEnd(UInt64(startTick + 1)))
    }

    /// A lost race costs no second clock read: on the same-tick branch the call retries with the
    /// reading it has; in a flood ahead of the clock, with the coarse reading it has.
    @Test
    func aLostRaceReadsTheClockOnce() throws {
        let clock = InterleavingClock(start)
        let maker = try FlakeMaker(instance: 8, clock: clock.flakeClock(coarseLag: 2))
        _ = maker.nextValue()
        clock.preciseReads = 0
        clock.beforeNextPreciseReading = { _ = maker.nextValue() }
        #expect(maker.nextValue() == raw(startTick, 2, 8))
        #expect(clock.preciseReads == 2)  // one each: the outer call's and the inner one's

        // Ahead of the clock by more than the coarse lag: a flood reads only the coarse clock.
        let ahead = try FlakeMaker(instance: 9, clock: clock.flakeClock(coarseLag: 2), lastIssuedTick: startTick + 50)
        #expect(ahead.nextValue() == raw(startTick + 51, 0, 9))
        clock.preciseReads = 0
        clock.coarseReads = 0
        clock.beforeNextCoarseReading = { _ = ahead.nextValue() }
        #expect(ahead.nextValue() == raw(startTick + 51, 2, 9))
        #expect(clock.coarseReads == 2)
        #expect(clock.preciseReads == 0)
    }

    /// The coarse-clock flood branch: while the coarse reading plus its lag is before the last
    /// tick, a flood reads no precise clock; once it may have reached it, the precise clock
    /// is read and the lead worked out again.
    @Test
    func coarseClockFloodBranch() throws {
        let clock = InterleavingClock(start)
        let maker = try FlakeMaker(instance: 10, clock: clock.flakeClock(coarseLag: 2), lastIssuedTick: startTick + 10)
        #expect(maker.coarseLagTicks == 2)
        #expect(maker.nextValue() == raw(startTick + 11, 0, 10))
        clock.preciseReads = 0
        for sequence in 1..<4096 {
            #expect(maker.nextValue() == raw(startTick + 11, Int64(sequence), 10))
        }
        #expect(clock.preciseReads == 0)
        // The tick's sequence used up: the full path carries into the next tick.
        #expect(maker.nextValue() == raw(startTick + 12, 0, 10))
        // The coarse clock 2 ms behind the last tick, 2 ms of lag: the precise clock may be
        // there, so it is read (it is not: the flood goes on in the same tick).
        clock.coarse = start + 10
        clock.precise = start + 10
        clock.preciseReads = 0
        #expect(maker.nextValue() == raw(startTick + 12, 1, 10))
        #expect(clock.preciseReads == 1)
        // 3 ms behind: the coarse reading is enough.
        clock.coarse = start + 9
        clock.preciseReads = 0
        #expect(maker.nextValue() == raw(startTick + 12, 2, 10))
        #expect(clock.preciseReads == 0)
        // The precise clock past the last tick: the clock's own tick, at sequence 0.
        clock.coarse = start + 13
        clock.precise = start + 13
        #expect(maker.nextValue() == raw(startTick + 13, 0, 10))
    }

    /// A ``ManualFlakeClock`` drives the same branch: with its coarse companion far behind, a
    /// flood stays in its own tick even when the wall clock has passed it (a coarse clock that
    /// lags more than it declares), and goes to the clock's tick once the companion catches up.
    @Test
    func manualClockDrivesTheCoarseFloodBranch() throws {
        let clock = ManualFlakeClock(millisecondsSince1970: start)
        let maker = try FlakeMaker(
            instance: 11, clock: clock.flakeClock(coarseLagMilliseconds: 2), lastIssuedTick: startTick + 10)
        #expect(maker.nextValue() == raw(startTick + 11, 0, 11))
        clock.set(millisecondsSince1970: start + 20)
        #expect(maker.nextValue() == raw(startTick + 11, 1, 11))
        clock.setCoarse(millisecondsSince1970: start + 20)
        #expect(maker.nextValue() == raw(startTick + 20, 0, 11))
        // A clock without the companion never asks it: the wall clock decides at once.
        let plain = try FlakeMaker(instance: 12, clock: clock.flakeClock, lastIssuedTick: startTick + 30)
        #expect(plain.coarseLagTicks == -1)
    }

    /// Only one thread changes the window at a time: the generator counts the window changes
    /// it finds already under way, and a change made inside another is counted.
    @Test
    func windowChangesDoNotOverlap() throws {
        let clock = ManualFlakeClock(millisecondsSince1970: start)
        let maker = FlakeMaker(closedWith: .miniFlake, clock: clock.flakeClock, maximumLeadTicks: 1000)
        maker.openWindow(instance: 1, floorTick: nil, ceilingTick: startTick + 100, deadline: nil)
        maker.raiseCeiling(to: startTick + 200, deadline: nil)
        maker.closeWindow()
        #expect(maker.overlappingWindowChanges == 0)
        maker.changingWindow {
            maker.openWindow(instance: 2, floorTick: nil, ceilingTick: startTick + 100, deadline: nil)
        }
        #expect(maker.overlappingWindowChanges == 1)
    }
}
