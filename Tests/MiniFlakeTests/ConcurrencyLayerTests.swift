import Foundation
import Testing

@testable import MiniFlake

/// Runs `body(index)` on `threads` threads at once and returns when all have finished.
private func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<threads {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

@Suite("Concurrency layer (AtomicWord, PlatformLock, LockedValue)")
struct ConcurrencyLayerTests {
    @Test("4 threads adding 1 a million times in all sum to 1,000,000, and every old value is seen once")
    func concurrentAdd() {
        let count = AtomicWord<Int>(0)
        let perThread = 250_000
        let seen = LockedValue<[Int]>([])
        onThreads(4) { _ in
            var mine: [Int] = []
            mine.reserveCapacity(perThread)
            for _ in 0..<perThread { mine.append(count.add(1, ordering: .relaxed).oldValue) }
            seen.withLock { $0 += mine }
        }
        #expect(count.load(ordering: .acquiring) == 4 * perThread)
        #expect(seen.withLock { $0.sorted() } == Array(0..<(4 * perThread)))
    }

    @Test("compare-and-swap stores only over the expected value and reports what it found")
    func compareExchange() {
        let word = AtomicWord<UInt64>(5)
        let missed = word.compareExchange(
            expected: 4, desired: 9, successOrdering: .releasing, failureOrdering: .acquiring)
        #expect(missed.exchanged == false)
        #expect(missed.original == 5)
        #expect(word.load(ordering: .relaxed) == 5)
        let hit = word.compareExchange(expected: 5, desired: 9, ordering: .acquiringAndReleasing)
        #expect(hit.exchanged)
        #expect(hit.original == 5)
        #expect(word.load(ordering: .sequentiallyConsistent) == 9)
        #expect(word.exchange(.max, ordering: .relaxed) == 9)
        #expect(word.load(ordering: .relaxed) == .max)
    }

    @Test("4 threads incrementing through compare-and-swap loops lose no update")
    func compareExchangeLoops() {
        let word = AtomicWord<UInt64>(0)
        onThreads(4) { _ in
            for _ in 0..<100_000 {
                var old = word.load(ordering: .relaxed)
                while true {
                    let (exchanged, original) = word.compareExchange(
                        expected: old, desired: old &+ 1, successOrdering: .releasing, failureOrdering: .relaxed)
                    if exchanged { break }
                    old = original
                }
            }
        }
        #expect(word.load(ordering: .acquiring) == 400_000)
    }

    @Test("signed, boolean and wrapping values keep their bits")
    func values() {
        let signed = AtomicWord<Int64>(-1)
        #expect(signed.load(ordering: .relaxed) == -1)
        #expect(signed.add(-2, ordering: .relaxed) == (-1, -3))
        signed.store(.min, ordering: .releasing)
        #expect(signed.add(-1, ordering: .relaxed).newValue == .max)
        let flag = AtomicWord<Bool>(false)
        flag.store(true, ordering: .releasing)
        #expect(flag.load(ordering: .acquiring))
        #expect(flag.compareExchange(expected: true, desired: false, ordering: .relaxed).exchanged)
        #expect(flag.load(ordering: .relaxed) == false)
        let copy = flag
        copy.store(true, ordering: .relaxed)
        #expect(flag.load(ordering: .relaxed), "copies share one word")
    }

    @Test("4 threads in LockedValue.withLock never overlap, and a non-atomic count adds up")
    func mutualExclusion() {
        struct State {
            var inside = 0
            var most = 0
            var count = 0
        }
        let state = LockedValue(State())
        onThreads(4) { _ in
            for _ in 0..<20_000 {
                state.withLock { state in
                    state.inside += 1
                    state.most = max(state.most, state.inside)
                    state.count += 1
                    state.inside -= 1
                }
            }
        }
        let final = state.withLock { $0 }
        #expect(final.count == 80_000)
        #expect(final.most == 1)
    }

    @Test("withLockIfAvailable runs only while the lock is free; errors pass through and release it")
    func ifAvailableAndErrors() throws {
        struct Failure: Error {}
        let value = LockedValue(1)
        let busy = value.withLock { _ in
            // Another thread tries while this one holds the lock.
            let attempt = LockedValue<Int?>(0)
            onThreads(1) { _ in
                let result = value.withLockIfAvailable { $0 }
                attempt.withLock { $0 = result }
            }
            return attempt.withLock { $0 }
        }
        #expect(busy == nil)
        #expect(value.withLockIfAvailable { $0 } == 1)
        #expect(throws: Failure.self) {
            try value.withLock { (_) throws(Failure) in throw Failure() }
        }
        #expect(value.withLock { $0 } == 1, "the lock was released after the error")
        let lock = PlatformLock()
        #expect(lock.tryLock())
        #expect(lock.tryLock() == false)
        lock.unlock()
        #expect(lock.withLock { 7 } == 7)
    }
}
