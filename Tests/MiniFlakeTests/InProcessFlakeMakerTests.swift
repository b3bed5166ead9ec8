import Foundation
import MiniFlakeTestSupport
import Testing

@testable import MiniFlake

/// A layout with its own small pool (16 numbers), so these tests do not compete with others
/// for the process-wide pool of the default layout.
private let smallLayout = try! FlakeLayout(
    name: "small", timestampBits: 41, sequenceBits: 12, instanceBits: 4,
    fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: FlakeLayout.miniFlake.epochMillisecondsSince1970
)

@Suite("In-process pool", .serialized, .sharedResource(.inProcessInstancePool))
struct InProcessFlakeMakerTests {
    @Test("numbers are unique, the pool runs out with an error, and released numbers come back")
    func exhaustionAndRelease() throws {
        var makers: [InProcessFlakeMaker] = []
        for _ in 0..<16 { makers.append(try InProcessFlakeMaker(layout: smallLayout)) }
        #expect(Set(makers.map(\.instanceNumber)) == Set(0..<16))
        #expect(InstanceNumberPool.available(instanceBits: 4) == 0)
        #expect(throws: FlakeError.instancePoolExhausted(capacity: 16)) {
            try InProcessFlakeMaker(layout: smallLayout)
        }
        let released = makers.remove(at: 5).instanceNumber
        #expect(InstanceNumberPool.available(instanceBits: 4) == 1)
        let again = try InProcessFlakeMaker(layout: smallLayout)
        #expect(again.instanceNumber == released)
        makers.removeAll()
        #expect(InstanceNumberPool.available(instanceBits: 4) == 15)
    }

    @Test("numbers are picked at random among the free ones")
    func randomPick() throws {
        var seen = Set<Int>()
        for _ in 0..<200 {
            let maker = try InProcessFlakeMaker(layout: smallLayout)
            seen.insert(maker.instanceNumber)
        }
        // Each maker is released before the next is made; a fixed choice would always be 0.
        #expect(seen.count > 8)
    }

    @Test("the original API: InProcessFlakeMaker() returns nil once all 1024 numbers are taken")
    func seedExhaustion() throws {
        // The process-wide generator takes its number at first use: make sure it has one.
        _ = Thread.current.nextFlakeID()
        let available = InProcessFlakeMaker.instancesAvailable
        #expect(available <= 1024)
        var makers: [InProcessFlakeMaker] = []
        while let maker = InProcessFlakeMaker() { makers.append(maker) }
        #expect(makers.count >= available - 8)  // other tests may hold a few at the same time
        #expect(InProcessFlakeMaker.instancesAvailable == 0)
        #expect(InProcessFlakeMaker() == nil)
        #expect(Set(makers.map(\.instanceNumber)).count == makers.count)
        let ids = makers.prefix(100).map { $0.nextValue() }
        #expect(Set(ids).count == ids.count)
        makers.removeAll()
        #expect(InProcessFlakeMaker.instancesAvailable >= available - 8)
    }

    @Test("Thread.current.nextFlakeID() shares one generator across threads")
    func threadExtension() throws {
        let first = Thread.current.nextFlakeID()
        let second = Thread.current.nextFlakeID()
        #expect(second > first)
        #expect(first & 1023 == second & 1023)
        let collected = Shared(LockedValue<[Int64]>([]))
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let ids = (0..<1000).map { _ in Thread.current.nextFlakeID() }
            collected.value.withLock { $0 += ids }
        }
        let fromOtherThreads = collected.value.withLock { $0 }
        #expect(Set(fromOtherThreads).count == 4000)
        #expect(fromOtherThreads.allSatisfy { $0 > second && $0 & 1023 == first & 1023 })
    }
}
