import MiniFlake
import MiniFlakeTestSupport
import Testing

/// `await next()`: waiting for the clock by suspending, with a manual clock so that nothing
/// depends on how long a sleep takes.
@Suite("Async issuing")
struct FlakeIssuerAsyncTests {
    static let start: Int64 = 1_700_000_000_000

    /// A generator whose lead (2 ticks) is used up, with the clock standing still.
    static func exhausted() throws -> (FlakeMaker, ManualFlakeClock) {
        let time = ManualFlakeClock(millisecondsSince1970: start)
        let maker = try FlakeMaker(instance: 1, clock: time.flakeClock, maximumLead: .milliseconds(2))
        _ = try maker.nextImmediately(count: maker.maximumBatchCount)
        return (maker, time)
    }

    /// The synchronous fast path, as sync code calls it.
    static func syncNext(_ maker: FlakeMaker) throws(FlakeError) -> FlakeID {
        try maker.nextBlocking()
    }

    @Test("try await next() picks the async path; sync code keeps the synchronous next()")
    func overloads() async throws {
        let maker = try FlakeMaker(instance: 3)
        // Compiles only if `await maker.next()` is the async one: the synchronous one throws
        // FlakeError, not FlakeError.
        let asyncNext: @Sendable () async throws(FlakeError) -> FlakeID = { try await maker.next() }
        let first = try await asyncNext()
        let second = try Self.syncNext(maker)
        let issuer: any FlakeIssuer = maker
        let third = try await issuer.next()
        let batch = try await issuer.next(count: 10)
        #expect(first < second && second < third && third < batch[0])
    }

    @Test("nextImmediately never waits: the lead limit is retryable")
    func immediateNeverWaits() throws {
        let (maker, _) = try Self.exhausted()
        let error = #expect(throws: FlakeError.self) { try maker.nextImmediately() }
        #expect(error?.code == .leadLimitReached)
        #expect(error?.retryAfter == .milliseconds(1))
        let batchError = #expect(throws: FlakeError.self) { try maker.nextImmediately(count: 4096 * 2) }
        #expect(batchError?.retryAfter == .milliseconds(2))
        let tooMany = #expect(throws: FlakeError.self) {
            try maker.nextImmediately(count: maker.maximumBatchCount + 1)
        }
        #expect(tooMany?.code == .batchCountOutOfRange)
        #expect(tooMany?.isRetryable == false)
    }

    @Test("a waiting next() completes once the clock moves")
    func waitsForTheClock() async throws {
        let (maker, time) = try Self.exhausted()
        // One waiter at a time: started together, whichever ran first at the next tick would
        // leave the other needing the tick after, which this test moves to only later.
        let waiting = Task { try await maker.next(waitingAtMost: .seconds(600)) }
        await time.waitForSleepers()
        time.advance(by: .milliseconds(1))
        let id = try await waiting.value
        let batch = Task { try await maker.next(count: 4096, waitingAtMost: .seconds(600)) }
        await time.waitForSleepers()
        time.advance(by: .milliseconds(1))
        let ids = try await batch.value
        #expect(ids.count == 4096)
        #expect(Set(ids + [id]).count == 4097)
    }

    @Test("the wait is bounded by the clock's elapsed time: past the limit it throws the retryable error")
    func limitReached() async throws {
        let (maker, time) = try Self.exhausted()
        await #expect(throws: FlakeError.self) { try await maker.next(waitingAtMost: .zero) }
        let waiting = Task { try await maker.next(waitingAtMost: .milliseconds(20)) }
        await time.waitForSleepers()
        time.advanceElapsedOnly(by: .milliseconds(25))
        do {
            _ = try await waiting.value
            Issue.record("expected the wait to run out")
        } catch let error as FlakeError {
            #expect(error.code == .leadLimitReached)
            #expect(error.isRetryable)
        }
    }

    @Test("a permanent error is thrown at once, however long the caller would wait")
    func permanentIsImmediate() async throws {
        let maker = try FlakeMaker(instance: 1, clock: FlakeClock { 0 })
        do {
            _ = try await maker.next(waitingAtMost: .seconds(3600))
            Issue.record("expected clockBeforeEpoch")
        } catch {
            #expect(error.code == .clockBeforeEpoch)
            #expect(!error.isRetryable)
        }
    }

    @Test("cancelling a waiting task ends its wait with the error it waited on")
    func cancellation() async throws {
        let (maker, _) = try Self.exhausted()
        let waiting = Task { try await maker.next(waitingAtMost: .seconds(3600)) }
        waiting.cancel()
        let result = await waiting.result
        #expect(throws: FlakeError.self) { try result.get() }
        #expect((try? result.get()) == nil)
    }

    @Test(
        "await next() under a burst far above 4,096 IDs/ms suspends: other tasks keep running, then all complete",
        .timeLimit(.minutes(2)))
    func burstSuspends() async throws {
        let (maker, time) = try Self.exhausted()
        let waiters = 100
        let perWaiter = 4096
        let completed = Shared(AtomicWord<Int>(0))
        // 409,600 IDs asked for while the clock stands still: 100 times the sequence of one tick.
        let tasks = (0..<waiters).map { _ in
            Task {
                let batch = try await maker.next(count: perWaiter, waitingAtMost: .seconds(600))
                completed.value.add(1, ordering: .relaxed)
                return Array(batch)
            }
        }
        // Another task on the same cooperative pool. Had the waiters blocked their threads (as
        // the synchronous `.wait` policy does with nanosleep), it could not run at all.
        let beats = Shared(AtomicWord<Int>(0))
        let heartbeat = Task {
            while beats.value.load(ordering: .relaxed) < 100 {
                beats.value.add(1, ordering: .relaxed)
                await Task.yield()
            }
        }
        await heartbeat.value
        #expect(beats.value.load(ordering: .relaxed) == 100)
        #expect(completed.value.load(ordering: .relaxed) == 0, "no waiter can finish while the clock stands still")

        // The clock moves on: each millisecond lets about one more waiter through (the lead
        // is 2 ticks), until all have their IDs.
        while completed.value.load(ordering: .relaxed) < waiters {
            time.advance(by: .milliseconds(1))
            try await Task.sleep(for: .milliseconds(1))
        }
        var all: [FlakeID] = []
        for task in tasks { all += try await task.value }
        #expect(completed.value.load(ordering: .relaxed) == waiters)
        #expect(all.count == waiters * perWaiter)
        #expect(Set(all).count == all.count)
    }

    @Test("static limits match a generator's, without making one")
    func staticLimits() throws {
        #expect(try FlakeMaker.leadTicks(for: .seconds(1), layout: .miniFlake) == 1000)
        #expect(try FlakeMaker.leadTicks(for: .microseconds(1500), layout: .miniFlake) == 1)
        #expect(try FlakeMaker.maximumBatchCount(layout: .miniFlake) == 1001 * 4096)
        let maker = try FlakeMaker(instance: 0, maximumLead: .milliseconds(5))
        #expect(
            try FlakeMaker.maximumBatchCount(layout: .miniFlake, maximumLead: .milliseconds(5))
                == maker.maximumBatchCount)
        #expect(throws: FlakeError.maximumLeadOutOfRange(ticks: 1_000_000, maximum: 2046)) {
            try FlakeMaker.leadTicks(for: .seconds(1000), layout: .miniFlake)
        }
        #expect(throws: FlakeError.self) {
            try FlakeMaker.maximumBatchCount(layout: .miniFlake, maximumLead: .seconds(-1))
        }
    }
}
