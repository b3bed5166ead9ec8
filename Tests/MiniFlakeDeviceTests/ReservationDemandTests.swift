import Testing

@testable import MiniFlakeDevice

/// The pure state machine that sizes the device issuer's reservations.
@Suite("ReservationDemand: reservations sized by the demand seen")
struct ReservationDemandTests {
    @Test("the first window is the smallest, 1/250 of the largest and at least one tick")
    func firstWindow() {
        #expect(ReservationDemand.smallestTicks(largest: 1000) == 4)
        #expect(ReservationDemand.smallestTicks(largest: 5) == 1)
        var demand = ReservationDemand(largestTicks: 1000, smallestTicks: 15)
        #expect(demand.sizeOfNextWindow(at: 1_000_000) == 15)
        #expect(!demand.reservesAhead)
    }

    @Test("windows that run out while identifiers are drawn double, up to the largest")
    func growsUnderDemand() {
        var demand = ReservationDemand(largestTicks: 1000, smallestTicks: 15)
        var now: Int64 = 500
        var sizes: [Int64] = []
        for _ in 0..<10 {
            let size = demand.sizeOfNextWindow(at: now)
            sizes.append(size)
            demand.reserved(endingAt: now + size)
            now += size  // the window ran out just as the clock reached its end
        }
        #expect(sizes == [15, 30, 60, 120, 240, 480, 960, 1000, 1000, 1000])
        #expect(demand.reservesAhead)
    }

    @Test("a window reserved less than one window's size past the last end still counts as demand")
    func edgeOfDemand() {
        var demand = ReservationDemand(largestTicks: 1000, smallestTicks: 15)
        _ = demand.sizeOfNextWindow(at: 100)
        demand.reserved(endingAt: 115)
        #expect(demand.sizeOfNextWindow(at: 129) == 30)  // 14 ticks past the end of a 15-tick window
        demand.reserved(endingAt: 159)
        #expect(demand.sizeOfNextWindow(at: 159 + 30) == 15)  // a whole window's size past: a pause
    }

    @Test("a pause brings the size back to the smallest, and so does pause()")
    func shrinksAfterPause() {
        var demand = ReservationDemand(largestTicks: 1000, smallestTicks: 15)
        var now: Int64 = 0
        for _ in 0..<6 {
            let size = demand.sizeOfNextWindow(at: now)
            demand.reserved(endingAt: now + size)
            now += size
        }
        #expect(demand.ticks == 480)
        #expect(demand.sizeOfNextWindow(at: now + 10_000) == 15)
        demand.reserved(endingAt: now + 10_015)
        #expect(demand.sizeOfNextWindow(at: now + 10_015) == 30)
        demand.pause()
        #expect(demand.sizeOfNextWindow(at: now + 10_016) == 15)
        #expect(!demand.reservesAhead)
    }

    @Test("a batch gets the ticks it needs, above the largest if it must; the demand keeps its own size")
    func batchMinimum() {
        var demand = ReservationDemand(largestTicks: 100, smallestTicks: 1)
        #expect(demand.sizeOfNextWindow(at: 0, minimum: 500) == 500)
        #expect(demand.ticks == 1)
    }

    @Test("sizes stay within 1 and the largest for any settings")
    func bounds() {
        let demand = ReservationDemand(largestTicks: 0, smallestTicks: -5)
        #expect(demand.largestTicks == 1 && demand.smallestTicks == 1 && demand.ticks == 1)
        let inverted = ReservationDemand(largestTicks: 10, smallestTicks: 50)
        #expect(inverted.smallestTicks == 10)
    }

    @Test("the time a reservation took is no pause, and never widens the next window by itself")
    func slowWrites() {
        var demand = ReservationDemand(largestTicks: 1000, smallestTicks: 15)
        #expect(demand.sizeOfNextWindow(at: 100) == 15)
        demand.reserved(endingAt: 115, took: 400)  // a stalled write: the window was past when it opened
        #expect(demand.sizeOfNextWindow(at: 510) == 30)  // 395 ms past its end, within 15 + 400: demand
        demand.reserved(endingAt: 540, took: 2)
        #expect(demand.sizeOfNextWindow(at: 550) == 60)
        demand.reserved(endingAt: 610, took: 0)
        #expect(demand.sizeOfNextWindow(at: 610 + 60) == 15)
    }
}
