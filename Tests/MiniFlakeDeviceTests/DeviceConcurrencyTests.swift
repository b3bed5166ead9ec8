import Foundation
import MiniFlake
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

@testable import MiniFlakeDevice

@Suite("Device issuer: process kinds and live processes sharing a directory")
struct DeviceConcurrencyTests {
    @Test("app and two extensions launched at the same moment on a fresh install: distinct numbers, no ID twice")
    func freshInstallRace() throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let rig = try DeviceRig(seed: seed, reservationTicks: 2, lockWaitLimit: .seconds(5))
            let kinds = ["app", "share", "widget", "app", "share", "widget"]
            let results = LockedValue<[(kind: String, installation: String, ids: [FlakeID])]>([])
            let failures = LockedValue<[String]>([])
            DispatchQueue.concurrentPerform(iterations: kinds.count) { index in
                do {
                    let issuer = try rig.issuer(kind: kinds[index])
                    var ids: [FlakeID] = []
                    for step in 0..<20_000 {
                        ids.append(try issuer.nextBlocking())
                        if step % 1000 == 999 { rig.clock.advance(by: .milliseconds(1)) }
                    }
                    let entry = (kinds[index], issuer.installation.text, ids)
                    results.withLock { $0.append(entry) }
                } catch {
                    failures.withLock { $0.append("\(kinds[index]): \(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            let all = results.withLock { $0 }
            #expect(all.count == kinds.count)
            var numbers: [String: Set<Int>] = [:]
            var installations: [String: Set<String>] = [:]
            var ids = Set<FlakeID>()
            var total = 0
            for entry in all {
                numbers[entry.kind, default: []].formUnion(
                    entry.ids.map { FlakeLayout.miniFlake.parts(of: $0).instanceNumber })
                installations[entry.kind, default: []].insert(entry.installation)
                ids.formUnion(entry.ids)
                total += entry.ids.count
            }
            #expect(ids.count == total, "seed \(seed): an identifier was issued twice")
            // One installation per kind, and no number used by two kinds.
            #expect(installations.values.allSatisfy { $0.count == 1 })
            let used = numbers.values.map { $0 }
            for (a, first) in used.enumerated() {
                for second in used[(a + 1)...] { #expect(first.isDisjoint(with: second), "seed \(seed)") }
            }
        }
    }

    @Test("two live issuers of one kind share the number and never issue one ID twice (random interleavings)")
    func twoLiveIssuersOfOneKind() throws {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<4 {
            let rig = try DeviceRig(seed: UInt64(round), reservationTicks: Int64.random(in: 1...3, using: &generator))
            let issuers = [try rig.issuer(), try rig.issuer()]
            #expect(issuers[0].installation == issuers[1].installation)
            var seen = Set<FlakeID>()
            var count = 0
            for _ in 0..<200 {
                let issuer = issuers[Int.random(in: 0...1, using: &generator)]
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: rig.clock.advance(by: .milliseconds(-Int64.random(in: 1...50, using: &generator)))
                case 1...3: rig.clock.advance(by: .milliseconds(Int64.random(in: 1...3, using: &generator)))
                default: break
                }
                if Bool.random(using: &generator) {
                    let batch = try immediatelyOnceReserved(issuer) { () throws(FlakeError) in
                        try issuer.nextImmediately(
                            count: Int.random(in: 1...issuer.maximumBatchCount, using: &generator))
                    }
                    seen.formUnion(batch)
                    count += batch.count
                } else {
                    seen.insert(try issuer.nextBlocking())
                    count += 1
                }
            }
            #expect(seen.count == count, "round \(round)")
            #expect(issuers[0].currentInstanceNumber == issuers[1].currentInstanceNumber)
            // Each issuer changed its generator's window one change at a time.
            #expect(issuers.allSatisfy { $0.maker.overlappingWindowChanges == 0 })
        }
    }

    @Test("the app adopting a number an extension holds provisionally: the extension moves, no ID twice")
    func keepsKindsApart() throws {
        let rig = try DeviceRig(reservationTicks: 10)
        let widget = try rig.issuer(kind: "widget")
        let app = try rig.issuer(kind: "app")
        let taken = try #require(widget.provisionalInstance)
        #expect(app.provisionalInstance != taken)
        let widgetBefore = try issue(widget, 500)
        try app.adoptBlocking(registration(app, account: "alice", instance: taken))
        let appIDs = try issue(app, 500)
        rig.clock.advance(by: .milliseconds(50))  // past the widget's window: it reserves again
        let widgetAfter = try issue(widget, 500)
        #expect(widget.currentInstanceNumber != taken)
        #expect(widget.needsRegistration)
        #expect(appIDs[0] > widgetBefore.last!)
        #expect(Set(widgetBefore + appIDs + widgetAfter).count == 1500)
        // A relaunched widget keeps its new number.
        #expect(try rig.issuer(kind: "widget").currentInstanceNumber == widget.currentInstanceNumber)
    }

    @Test("a number another kind left behind, its mark still ahead, is never drawn: no ID twice (seeded draws)")
    func numberLeftBehindByAnotherKind() async throws {
        // The app issues 64 IDs with the clock 8 hours fast and relaunches once it is corrected,
        // leaving its number. Then, round after round, the share extension launches for the
        // first time (its state file removed) and draws a number: one draw in 511 picked the
        // app's left number, and 8 hours later the extension issued the app's 64 IDs again.
        let rig = try DeviceRig(seed: 21, inMemory: true)
        rig.advance(minutes: 8 * 60)
        let made = try issue(try rig.issuer(kind: "app"), 64)
        rig.advance(minutes: -8 * 60)
        let corrected = try rig.issuer(kind: "app")
        #expect(corrected.launchRecovery?.code == .clockFarBehindMark)
        let left = try #require(corrected.leftBehind.last)
        for round in 0..<2_000 {
            // Seconds of launches: hand the test pool's thread back between them, so that the
            // async tests running alongside (one resumes a stopped lock holder) get their turn.
            await Task.yield()
            let share = try rig.issuer(kind: "share")
            if share.currentInstanceNumber == left.instance {
                rig.advance(minutes: 8 * 60)
                let repeated = Set(made).intersection(try issue(share, 64))
                Issue.record(
                    "draw \(round): the share extension drew \(left.instance), left by the app until tick \(left.markTick), and repeated \(repeated.count) IDs"
                )
                return
            }
            try FileManager.default.removeItem(atPath: rig.path + "/miniflake-share.state")
        }
    }

    @Test("a process suspended while holding the directory lock: others get a retryable error in time, never hang")
    func suspendedLockHolder() async throws {
        let rig = try DeviceRig(reservationTicks: 1, lockWaitLimit: .milliseconds(200))
        let issuer = try rig.issuer()
        let holder = try LockHolderProcess(lockFile: rig.path + "/miniflake.lock")
        defer { holder.kill() }
        holder.suspend()

        // Inside the reserved window nothing needs the lock.
        _ = try issuer.nextImmediately()
        rig.clock.advance(by: .milliseconds(5))

        let clock = ContinuousClock()
        var started = clock.now
        #expect {
            try issuer.nextImmediately()
        } throws: {
            ($0 as? FlakeError)?.code == .reservationPending && ($0 as? FlakeError)?.isRetryable == true
        }
        #expect(clock.now - started < .milliseconds(150))

        started = clock.now
        #expect {
            try blockingNext(issuer)
        } throws: { ($0 as? FlakeError)?.code == .reservationPending }
        let waited = clock.now - started
        #expect(waited >= .milliseconds(150) && waited < .seconds(2))

        started = clock.now
        #expect {
            try rig.issuer(kind: "share")
        } throws: { ($0 as? DeviceStateError)?.code == .directoryBusy }
        #expect(clock.now - started < .seconds(2))

        // The async next() finds the directory locked and suspends on the issuer's clock to
        // retry; the holder resumes and dies meanwhile, and the retry gets through.
        let asking = Task { try await issuer.next(waitingAtMost: .seconds(5)) }
        await rig.clock.waitForSleepers()
        holder.resume()
        holder.kill()
        await rig.clock.advance(byMilliseconds: 1_000, step: 10, sleepers: 0)
        let id = try await asking.value
        #expect(issuer.layout.parts(of: id).instanceNumber == issuer.currentInstanceNumber)
        _ = try rig.issuer(kind: "share")
    }

    @Test(
        "nextImmediately() never waits on the state file: the next window opens from memory, and a held-up reservation is a prompt retryable refusal"
    )
    func immediateCallsNeverTouchTheFile() throws {
        // A lock wait of 10 s: a call that waited for the directory lock would show it.
        let rig = try DeviceRig(reservationTicks: 2, lockWaitLimit: .seconds(10))
        let issuer = try rig.issuer()
        // Demand: a burst runs through the first windows (1 tick, then 2), so the next ones are
        // reserved ahead; the first immediate call opens one of them from memory.
        _ = try issue(issuer, 4096 * 3)
        issuer.waitForReservationAhead()
        let first = try issuer.nextImmediately()
        issuer.waitForReservationAhead()
        let markBefore = issuer.markTick
        let holder = try LockHolderProcess(lockFile: rig.path + "/miniflake.lock")
        defer { holder.kill() }

        // The open window runs out: the one reserved ahead opens in memory, with the lock held.
        rig.clock.advance(by: .milliseconds(5))
        let clock = ContinuousClock()
        var started = clock.now
        let second = try issuer.nextImmediately()
        #expect(second > first && clock.now - started < .seconds(1))
        #expect(issuer.layout.parts(of: second).tick >= markBefore - 2)

        // That one runs out too, and the reservation after it waits for the lock in the
        // background: the call refuses at once, retryably, and never waits the 10 s.
        rig.clock.advance(by: .milliseconds(2))
        started = clock.now
        #expect {
            try issuer.nextImmediately()
        } throws: {
            ($0 as? FlakeError)?.code == .reservationPending && ($0 as? FlakeError)?.isRetryable == true
        }
        #expect {
            try issuer.nextImmediately(count: 10)
        } throws: { ($0 as? FlakeError)?.code == .reservationPending }
        #expect(clock.now - started < .seconds(1))

        // The lock is let go: the background reservation gets it, and issuing goes on above.
        holder.kill()
        issuer.waitForReservationAhead()
        let third = try immediatelyOnceReserved(issuer) { () throws(FlakeError) in try issuer.nextImmediately() }
        #expect(third > second)
        #expect(issuer.markTick > issuer.layout.parts(of: third).tick)
    }
}

/// Calls `call`; when no window was ready (`reservation_pending`), waits for the reservation
/// that call started in the background and calls again, a few times (with windows of a tick or
/// two, the clock can pass a window reserved ahead before it opens).
func immediatelyOnceReserved<Value>(_ issuer: DeviceFlakeIssuer, _ call: () throws(FlakeError) -> Value) throws
    -> Value
{
    for _ in 0..<5 {
        let failure: FlakeError
        do throws(FlakeError) {
            return try call()
        } catch {
            failure = error
        }
        guard failure.code == .reservationPending else { throw failure }
        issuer.waitForReservationAhead()
    }
    return try call()
}

/// The synchronous `nextBlocking()`, which an async context may not call (it is `noasync`).
func blockingNext(_ issuer: DeviceFlakeIssuer) throws -> FlakeID {
    try issuer.nextBlocking()
}

/// The synchronous `nextBlocking(count:)`, which an async context may not call (it is `noasync`).
func blockingNext(_ issuer: DeviceFlakeIssuer, count: Int) throws -> FlakeIDBatch {
    try issuer.nextBlocking(count: count)
}
