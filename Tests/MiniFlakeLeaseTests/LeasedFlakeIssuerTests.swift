import Foundation
import MiniFlake
import MiniFlakeTestSupport
import Testing

@testable import MiniFlakeLease

/// The leased generator against an in-memory backend and simulated time: a 30 s lease renewed
/// every 10 s, a 5 s safety margin, retries every second.
@Suite("Leased generator")
struct LeasedFlakeIssuerTests {
    let layout = FlakeLayout.miniFlake

    @Test("starts above the lease's high-water mark even when the clock reads earlier")
    func startsAboveHighWaterMark() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 5...5)
        let mark = layout.tick(millisecondsSince1970: time.clock.millisecondsSince1970) + 3_600_000
        backend.setHighWaterTick(mark, of: 5)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        let id = try issuer.nextImmediately()
        #expect(layout.parts(of: id).instanceNumber == 5)
        #expect(layout.tick(of: id) > mark)
        #expect(issuer.currentInstanceNumber == 5)
        let batch = try issuer.nextImmediately(count: 5000)
        #expect(batch.first.map { $0 > id } == true)
        await issuer.release()
    }

    @Test("reserves a high-water mark above every ID it can issue before the lease runs out")
    func reservesBeforeIssuing() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 3...3)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        let reserved = try #require(backend.row(3)?.highWaterTick)
        var last = try issuer.nextImmediately()
        // Issue until the local deadline (25 s), with the wall clock racing ahead of the
        // monotonic one by up to the lead: every ID stays within the reservation.
        for _ in 0..<249 {
            time.clock.advance(by: .milliseconds(100))
            last = try issuer.nextImmediately()
        }
        let burst = try issuer.nextImmediately(count: 4096 * 1000)
        last = try #require(burst.last)
        #expect(layout.tick(of: last) < reserved)
        // Crash: the lease runs out with no release. The clock is set back an hour.
        backend.expireAll()
        time.clock.advance(by: .milliseconds(-3_600_000))  // the wall clock steps back
        let next = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        let first = try next.nextImmediately()
        #expect(first > last)
        #expect(layout.tick(of: first) > reserved)
        await next.release()
    }

    @Test("release stores the last tick issued, not the reservation, and frees the number")
    func releaseStoresLastTick() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 8...8)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        let id = try issuer.nextImmediately()
        #expect(try #require(backend.row(8)?.highWaterTick) > layout.tick(of: id) + 1000)
        await issuer.release()
        #expect(backend.row(8)?.highWaterTick == layout.tick(of: id))
        #expect(try await backend.list().first?.isHeld == false)
        #expect(issueError { try issuer.nextImmediately() }?.code == .shutDown)
        #expect(issuer.currentInstanceNumber == nil)
        // Freed at once: the next claim gets it and starts above the final mark.
        let next = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        #expect(try next.nextImmediately() > id)
        await next.release()
    }

    @Test("keeps issuing while renewals fail until the local deadline, stops before the lease runs out, then recovers")
    func stopsAtLocalDeadlineAndRecovers() async throws {
        let time = TestTime()
        let events = EventLog()
        let backend = MemoryLeaseBackend(time: time, numbers: 1...1)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration(onEvent: events.record))
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        let claimedAt = time.clock.elapsedMilliseconds
        backend.renewalsFail.store(true, ordering: .relaxed)

        // 24.9 s after the claim: renewals have failed since 10 s, IDs still flow.
        await time.advance(byMilliseconds: 24_900)
        let beforeDeadline = try issuer.nextImmediately()
        #expect(events.contains { if case .renewalFailed = $0 { true } else { false } })
        // 25 s: the deadline (30 s lease less the 5 s margin). No more IDs, while the backend
        // still holds the lease (until 30 s): nobody else can have the number yet.
        await time.advance(byMilliseconds: 100)
        #expect(time.clock.elapsedMilliseconds - claimedAt == 25_000)
        #expect(issueError { try issuer.nextImmediately() }?.code == .noInstance)
        #expect(issuer.currentInstanceNumber == nil)
        #expect(backend.row(1).map { $0.expiresAt > time.clock.elapsedMilliseconds } == true)
        await time.advance(byMilliseconds: 1000)
        #expect(events.contains { $0 == .expired(instanceNumber: 1) })

        // The store answers again before the lease ran out there: same number, IDs resume.
        backend.renewalsFail.store(false, ordering: .relaxed)
        await time.advance(byMilliseconds: 1000)
        let afterRecovery = try issuer.nextImmediately()
        #expect(afterRecovery > beforeDeadline)
        #expect(issuer.currentInstanceNumber == 1)
        issuer.shutdown()
        try await running.value
    }

    @Test("a lease taken away stops the issuer at the next renewal; it claims another number above its mark")
    func lostLeaseStopsAndReclaims() async throws {
        let time = TestTime()
        let events = EventLog()
        let backend = MemoryLeaseBackend(time: time, numbers: 0...1)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration(onEvent: events.record))
        let first = try #require(issuer.currentInstanceNumber)
        let other = 1 - first
        let otherMark = layout.tick(millisecondsSince1970: time.clock.millisecondsSince1970) + 600_000
        backend.setHighWaterTick(otherMark, of: other)
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        _ = try issuer.nextImmediately()

        backend.steal(first)
        // The renewal at 10 s finds the lease gone: the issuer stops at once and claims the
        // other number (a claim follows at once, so it is already back).
        await time.advance(byMilliseconds: 10_000)
        #expect(events.contains { $0 == .lost(instanceNumber: first) })
        #expect(issuer.currentInstanceNumber == other)
        let id = try issuer.nextImmediately()
        #expect(layout.parts(of: id).instanceNumber == other)
        #expect(layout.tick(of: id) > otherMark)
        issuer.shutdown()
        try await running.value
    }

    @Test("with every number taken after a loss, it throws notHeld and keeps trying")
    func noNumberAfterLoss() async throws {
        let time = TestTime()
        let events = EventLog()
        let backend = MemoryLeaseBackend(time: time, numbers: 4...4)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration(onEvent: events.record))
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        backend.steal(4)
        await time.advance(byMilliseconds: 10_000)
        #expect(issueError { try issuer.nextImmediately() }?.code == .noInstance)
        #expect(events.contains { $0 == .claimFailed(.noFreeInstance(capacity: 1)) })
        // The thief's lease runs out; the issuer gets the number back.
        await time.advance(byMilliseconds: 31_000)
        #expect(issuer.currentInstanceNumber == 4)
        _ = try issuer.nextImmediately()
        issuer.shutdown()
        try await running.value
    }

    @Test("a forward clock jump past the reservation stops IDs until an early renewal reserves more")
    func clockJumpRenewsEarly() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 2...2)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        let renewals = backend.renewals.load(ordering: .relaxed)
        time.clock.set(millisecondsSince1970: time.clock.millisecondsSince1970 + 120_000)
        let error = issueError { try issuer.nextImmediately() }
        #expect(error?.code == .reservationPending)
        #expect(error?.isRetryable == true)
        #expect(error?.message.hasPrefix("instance number 2: tick ") == true)
        // Within a check interval (1 s), well before the regular renewal at 10 s.
        await time.advance(byMilliseconds: 1000)
        #expect(backend.renewals.load(ordering: .relaxed) > renewals)
        let id = try issuer.nextImmediately()
        #expect(layout.tick(of: id) <= backend.row(2)?.highWaterTick ?? 0)
        issuer.shutdown()
        try await running.value
    }

    @Test("shutdown stops IDs at once; run() releases with the last tick and returns")
    func shutdownReleases() async throws {
        let time = TestTime()
        let events = EventLog()
        let backend = MemoryLeaseBackend(time: time, numbers: 9...9)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration(onEvent: events.record))
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        await #expect(throws: LeaseBackendError.alreadyRunning) { try await issuer.run() }
        let id = try issuer.nextImmediately()
        issuer.shutdown()
        #expect(issueError { try issuer.nextImmediately() }?.code == .shutDown)
        try await running.value
        #expect(backend.row(9)?.highWaterTick == layout.tick(of: id))
        #expect(events.contains { $0 == .released(instanceNumber: 9, highWaterTick: layout.tick(of: id)) })
        #expect(try await backend.list().first?.isHeld == false)
    }

    @Test("cancelling the task running run() releases the number too")
    func cancellationReleases() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time, numbers: 6...6)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration())
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        running.cancel()
        try await running.value
        #expect(try await backend.list().first?.isHeld == false)
        #expect(issueError { try issuer.nextImmediately() }?.code == .shutDown)
    }

    @Test("settings that cannot work are refused")
    func invalidConfiguration() async throws {
        let time = TestTime()
        let backend = MemoryLeaseBackend(time: time)
        var configuration = time.configuration()
        configuration.safetyMargin = .seconds(30)
        await #expect(throws: LeaseBackendError.self) {
            _ = try await LeasedFlakeIssuer(backend: backend, configuration: configuration)
        }
        configuration = time.configuration()
        configuration.renewalInterval = .seconds(26)
        await #expect(throws: LeaseBackendError.self) {
            _ = try await LeasedFlakeIssuer(backend: backend, configuration: configuration)
        }
        let lead = FlakeError.maximumLeadOutOfRange(ticks: 1_000_000, maximum: 2046)
        await #expect(throws: LeaseBackendError.invalidConfiguration(lead.description)) {
            _ = try await LeasedFlakeIssuer(
                backend: backend, maximumLead: .seconds(1000), configuration: time.configuration())
        }
        // Nothing was left claimed by the failed attempts.
        #expect(try await backend.list().allSatisfy { !$0.isHeld })
    }

    @Test("one generator serves every lease: after many re-claims its IDs stay unique and increasing")
    func oneGeneratorAcrossReclaims() async throws {
        let time = TestTime()
        let events = EventLog()
        let backend = MemoryLeaseBackend(time: time, numbers: 0...99)
        let issuer = try await LeasedFlakeIssuer(
            backend: backend, clock: time.flakeClock, configuration: time.configuration(onEvent: events.record))
        let running = Task { try await issuer.run() }
        await time.waitForSleepers()
        var previous = try issuer.nextImmediately()
        var ids: Set<FlakeID> = [previous]
        for _ in 0..<60 {
            let stolen = try #require(issuer.currentInstanceNumber)
            backend.steal(stolen)
            await time.advance(byMilliseconds: 10_000)
            let number = try #require(issuer.currentInstanceNumber)
            #expect(number != stolen)
            let id = try issuer.nextImmediately()
            #expect(id > previous)
            #expect(FlakeLayout.miniFlake.parts(of: id).instanceNumber == number)
            ids.insert(id)
            previous = id
        }
        #expect(events.all.count(where: { if case .claimed = $0 { true } else { false } }) >= 60)
        #expect(ids.count == 61)
        // Sixty claims and their renewals changed the window one at a time.
        #expect(issuer.maker.overlappingWindowChanges == 0)
        issuer.shutdown()
        try await running.value
    }

    @Test("IDs from threads racing a release are all counted in the final high-water mark")
    func releaseRacesIssuers() async throws {
        for _ in 0..<20 {
            let time = TestTime()
            let backend = MemoryLeaseBackend(time: time, numbers: 7...7)
            let issuer = try await LeasedFlakeIssuer(
                backend: backend, clock: .system, configuration: time.configuration())
            let highest = LockedValue<Int64>(0)
            let started = AtomicWord<Int>(0)
            let finished = AtomicWord<Int>(0)
            let threads = (0..<2).map { _ in
                Thread {
                    started.add(1, ordering: .relaxed)
                    var top: Int64 = 0
                    while let id = try? issuer.nextBlocking() { top = max(top, id.rawValue) }
                    highest.withLock { $0 = max($0, top) }
                    finished.add(1, ordering: .releasing)
                }
            }
            for thread in threads { thread.start() }
            while started.load(ordering: .relaxed) < 2 { try await Task.sleep(for: .milliseconds(1)) }
            try await Task.sleep(for: .milliseconds(5))
            await issuer.release()
            while finished.load(ordering: .acquiring) < 2 { try await Task.sleep(for: .milliseconds(1)) }
            let top = highest.withLock { $0 }
            let mark = try #require(backend.row(7)?.highWaterTick)
            #expect(FlakeLayout.miniFlake.tick(of: FlakeID(rawValue: top) ?? .min) <= mark)
            #expect(issuer.maker.overlappingWindowChanges == 0)
        }
    }
}
