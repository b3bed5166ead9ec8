import Foundation
import Testing

@testable import MiniFlake

/// The window the issuers run the generator in: an instance number, a floor, a ceiling and a
/// deadline, changed while other threads issue.
@Suite("Generator window")
struct FlakeMakerWindowTests {
    /// 2020-01-01T00:00:00Z, and its MiniFlake tick.
    static let start: Int64 = 1_577_836_800_000
    static let startTick: Int64 = 57_974_400_000
    let layout = FlakeLayout.miniFlake

    /// A closed generator on a manual wall clock and a manual elapsed clock.
    func closedMaker() -> (FlakeMaker, wall: ManualFlakeClock, elapsed: ManualFlakeClock) {
        let wall = ManualFlakeClock(millisecondsSince1970: Self.start)
        let elapsed = ManualFlakeClock(millisecondsSince1970: 1_000)
        let clock = wall.flakeClock.withElapsed { elapsed.millisecondsSince1970 }
        return (FlakeMaker(closedWith: layout, clock: clock, maximumLeadTicks: 1000), wall, elapsed)
    }

    @Test("a closed generator refuses; an opened one issues with its number, above its floor")
    func opensAboveTheFloor() throws {
        let (maker, _, _) = closedMaker()
        #expect(!maker.isWindowOpen)
        #expect(throws: FlakeRefusal.closed) { try maker.issue(waiting: false) }
        maker.openWindow(instance: 9, floorTick: Self.startTick + 5, ceilingTick: Self.startTick + 100, deadline: nil)
        let parts = layout.parts(of: try maker.issue(waiting: false))
        #expect(parts.instanceNumber == 9)
        #expect(parts.tick == Self.startTick + 6)
        #expect(maker.currentInstanceNumber == 9)
    }

    @Test("at the ceiling it refuses with the tick asked for; a raised ceiling lets it go on")
    func ceiling() throws {
        let (maker, wall, _) = closedMaker()
        maker.openWindow(instance: 1, floorTick: nil, ceilingTick: Self.startTick + 2, deadline: nil)
        _ = try maker.issue(waiting: false)
        wall.advance(by: .milliseconds(1))
        _ = try maker.issue(waiting: false)
        wall.advance(by: .milliseconds(1))
        #expect(throws: FlakeRefusal.ceiling(tick: Self.startTick + 2, ceiling: Self.startTick + 2)) {
            try maker.issue(waiting: false)
        }
        // A batch that would reach the ceiling is refused whole.
        wall.advance(by: .milliseconds(-1))
        #expect(throws: FlakeRefusal.ceiling(tick: Self.startTick + 2, ceiling: Self.startTick + 2)) {
            try maker.issue(count: 5000, waiting: false)
        }
        maker.raiseCeiling(to: Self.startTick + 10, deadline: nil)
        maker.raiseCeiling(to: Self.startTick + 3, deadline: nil)  // never lowered
        #expect(maker.windowCeiling == Self.startTick + 10)
        wall.advance(by: .milliseconds(1))
        #expect(layout.parts(of: try maker.issue(waiting: false)).tick == Self.startTick + 2)
    }

    @Test("past the deadline on the elapsed clock it refuses until the deadline moves")
    func deadline() throws {
        let (maker, wall, elapsed) = closedMaker()
        maker.openWindow(instance: 2, floorTick: nil, ceilingTick: Self.startTick + 1000, deadline: 1_500)
        _ = try maker.issue(waiting: false)
        elapsed.advance(by: .milliseconds(500))
        wall.advance(by: .milliseconds(1))
        #expect(!maker.isIssuing)
        #expect(throws: FlakeRefusal.expired) { try maker.issue(waiting: false) }
        #expect(maker.currentInstanceNumber == 2)
        maker.raiseCeiling(to: Self.startTick + 1000, deadline: 2_500)
        #expect(maker.isIssuing)
        _ = try maker.issue(waiting: false)
    }

    @Test("closing stops every call; reopening on another number goes on above every ID issued")
    func closeAndReopen() throws {
        let (maker, wall, _) = closedMaker()
        maker.openWindow(instance: 3, floorTick: nil, ceilingTick: Self.startTick + 1000, deadline: nil)
        let before = try maker.issue(count: 100, waiting: false)
        maker.closeWindow()
        #expect(throws: FlakeRefusal.closed) { try maker.issue(waiting: false) }
        // A floor below what was issued does not take the generator back.
        maker.openWindow(instance: 4, floorTick: Self.startTick - 50, ceilingTick: Self.startTick + 1000, deadline: nil)
        let after = try maker.issue(waiting: false)
        #expect(after > before[99])
        #expect(layout.parts(of: after).instanceNumber == 4)
        // The rest of the tick the old number was in is skipped: the new number starts a tick.
        #expect(layout.parts(of: after).tick == Self.startTick + 1)
        wall.advance(by: .milliseconds(5))
        #expect(layout.parts(of: try maker.issue(waiting: false)).tick == Self.startTick + 5)
    }

    @Test("a plain generator's refusals read as FlakeError; the layout's end is its ceiling")
    func plainGenerator() throws {
        let maker = try FlakeMaker(instance: 1)
        #expect(maker.windowCeiling == layout.maximumTick + 1)
        #expect(maker.isIssuing)
        #expect(
            FlakeRefusal.ceiling(tick: 7, ceiling: 7).flakeError(maximumTick: 6)
                == .timestampOverflow(tick: 7, maximumTick: 6))
    }

    @Test("4 threads issue while the window moves across 1,024 numbers: no ID twice, none with a stale number")
    func windowsMoveUnderLoad() throws {
        let maker = FlakeMaker(closedWith: layout, clock: .system, maximumLeadTicks: 1000)
        let farCeiling = layout.maximumTick + 1
        maker.openWindow(instance: 0, floorTick: nil, ceilingTick: farCeiling, deadline: nil)
        let threads = 4
        let stop = Shared(AtomicWord<Bool>(false))
        let results = Shared(LockedValue<[[FlakeID]]>(Array(repeating: [], count: threads)))
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            Thread {
                var ids: [FlakeID] = []
                while !stop.value.load(ordering: .relaxed) {
                    if let id = try? maker.issue(waiting: false) { ids.append(id) }
                }
                results.value.withLock { $0[index] = ids }
                group.leave()
            }.start()
        }
        // Each window has a number of its own, so an ID's number says which window it is from.
        for window in 1..<1024 {
            for _ in 0..<200 where (try? maker.issue(waiting: false)) == nil {}
            if window % 7 == 0 { maker.closeWindow() }
            maker.openWindow(instance: window, floorTick: nil, ceilingTick: farCeiling, deadline: nil)
        }
        stop.value.store(true, ordering: .relaxed)
        group.wait()
        let perThread = results.value.withLock { $0 }
        for ids in perThread { #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }) }
        let all = perThread.flatMap { $0 }
        #expect(Set(all).count == all.count)
        // Ordered by tick and sequence, the windows' numbers never go back: an ID made with
        // an old number after a newer window opened would show up out of order.
        let shift = Int64(layout.instanceShift)
        let ordered = all.map { ($0.rawValue >> shift, layout.parts(of: $0).instanceNumber) }.sorted { $0.0 < $1.0 }
        #expect(zip(ordered, ordered.dropFirst()).allSatisfy { $0.1 <= $1.1 })
        #expect(all.count > 1000)
    }
}
