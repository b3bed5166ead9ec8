import Foundation
import MiniFlake
import MiniFlakeSupport
import MiniFlakeTestSupport
import Testing

@testable import MiniFlakeLease

/// The file lease against the real file system and real processes.
@Suite("File lease")
struct FileInstanceLeaseBackendTests {
    @Test("two claims in one process get different numbers, also through two backends")
    func claimsInOneProcessDiffer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 0...1)
        let first = try await backend.claim()
        let second = try await backend.claim()
        #expect(Set([first.instanceNumber, second.instanceNumber]) == [0, 1])
        await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 2)) { try await backend.claim() }
        let another = try FileInstanceLeaseBackend(directory: directory.path + "/", instanceNumbers: 0...1)
        await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 2)) { try await another.claim() }
        try await backend.release(first, highWaterTick: nil)
        #expect(try await another.claim().instanceNumber == first.instanceNumber)
    }

    @Test("many concurrent claims in one process all differ")
    func concurrentClaims() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backends = try (0..<4).map { _ in try FileInstanceLeaseBackend(directory: directory.path) }
        let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<64 {
                let backend = backends[index % backends.count]
                group.addTask { try await backend.claim().instanceNumber }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(Set(numbers).count == 64)
    }

    @Test("release frees the number at once")
    func releaseFrees() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 3...3)
        let lease = try await backend.claim()
        let other = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 3...3)
        await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 1)) { try await other.claim() }
        try await backend.release(lease, highWaterTick: 42)
        let again = try await other.claim()
        #expect(again.instanceNumber == 3)
        #expect(again.highWaterTick == 42)
        // The old lease is gone for good: renewing it fails, releasing it does nothing.
        await #expect(throws: LeaseBackendError.lost(instanceNumber: 3)) {
            _ = try await backend.renew(lease, highWaterTick: 50)
        }
        try await backend.release(lease, highWaterTick: 1)
        #expect(try HighWaterFile.read(directory: directory.path, instanceNumber: 3, layout: .miniFlake) == 42)
    }

    @Test("numbers locked by other processes are skipped, and freed when those processes are killed")
    func otherProcesses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 0...5)
        let holders = try (0..<5).map { try LockHolderProcess(lockFile: backend.lockFilePath(instanceNumber: $0)) }
        let lease = try await backend.claim()
        #expect(lease.instanceNumber == 5)
        await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 6)) { try await backend.claim() }

        let records = try await backend.list()
        #expect(records.map(\.instanceNumber) == [0, 1, 2, 3, 4, 5])
        #expect(records.allSatisfy { $0.isHeld })
        #expect(records.last?.holder == lease.holder)

        holders[2].kill()
        #expect(try await backend.claim().instanceNumber == 2)
        holders[4].kill()
        #expect(try await backend.list().first { $0.instanceNumber == 4 }?.isHeld == false)
        #expect(try await backend.claim().instanceNumber == 4)
    }

    @Test("the high-water mark survives: a new lease on the number starts above it with the clock set back")
    func highWaterMarkSurvives() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = FlakeLayout.miniFlake
        let time = TestTime()
        let issuer = try await LeasedFlakeIssuer(
            backend: try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 12...12),
            clock: time.flakeClock, configuration: time.configuration())
        let last = try issuer.nextImmediately(count: 10_000).last ?? .min
        await issuer.release()
        #expect(
            try HighWaterFile.read(directory: directory.path, instanceNumber: 12, layout: layout)
                == layout.tick(of: last))

        let earlier = TestTime(wallMilliseconds: time.clock.millisecondsSince1970 - 86_400_000)
        let next = try await LeasedFlakeIssuer(
            backend: try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 12...12),
            clock: earlier.flakeClock, configuration: earlier.configuration())
        let first = try next.nextImmediately()
        #expect(first > last)
        #expect(layout.parts(of: first).instanceNumber == 12)
        await next.release()
    }

    @Test("a process that dies without releasing leaves a mark above every ID it issued")
    func crashLeavesReservation() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let time = TestTime()
        var issued: [FlakeID] = []
        weak var abandoned: FileInstanceLeaseBackend?
        do {
            // The backend and issuer go away without a release: their descriptors close and
            // the lock drops, as when the process is killed.
            let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 0...0)
            abandoned = backend
            let issuer = try await LeasedFlakeIssuer(
                backend: backend, clock: time.flakeClock, configuration: time.configuration())
            for _ in 0..<30 {
                issued.append(try issuer.nextImmediately())
                time.clock.advance(by: .milliseconds(200))
            }
        }
        // A renewal the advances started may still run on its blocking thread, holding the
        // backend (and so the lock) until it ends; a killed process has no such thread.
        for _ in 0..<500 where abandoned != nil { try await Task.sleep(for: .milliseconds(10)) }
        try #require(abandoned == nil, "the abandoned backend was still alive after 5 s")
        let earlier = TestTime(wallMilliseconds: time.clock.millisecondsSince1970 - 3_600_000)
        let next = try await LeasedFlakeIssuer(
            backend: try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 0...0),
            clock: earlier.flakeClock, configuration: earlier.configuration())
        let first = try next.nextImmediately()
        #expect(issued.allSatisfy { $0 < first })
        await next.release()
    }

    @Test("a crash between writing the temporary file and renaming it leaves the previous mark intact")
    func crashBeforeRename() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layout = FlakeLayout.miniFlake
        do {
            let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 7...7)
            let lease = try await backend.claim()
            _ = try await backend.renew(lease, highWaterTick: 1000)
            try HighWaterFile.write(
                5000, directory: directory.path, instanceNumber: 7, layout: layout, interruptBeforeRename: true)
            // A temporary file cut short by the crash, too.
            try Data("miniflake-high-water 1\nlayout mini".utf8).write(
                to: URL(fileURLWithPath: "\(backend.highWaterFilePath(instanceNumber: 7)).999-1.tmp"))
            let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(entries.filter { $0.hasSuffix(".tmp") }.count == 2)
        }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 7...7)
        let lease = try await backend.claim()
        #expect(lease.highWaterTick == 1000)
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(entries.filter { $0.hasSuffix(".tmp") }.isEmpty)
        try await backend.release(lease, highWaterTick: nil)
    }

    @Test("renewal raises the mark and never lowers it; release stores the exact final mark")
    func renewalRaisesOnly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 1...1)
        let lease = try await backend.claim()
        #expect(lease.highWaterTick == nil)
        #expect(try await backend.renew(lease, highWaterTick: 500).highWaterTick == 500)
        #expect(try await backend.renew(lease, highWaterTick: 300).highWaterTick == 500)
        try await backend.release(lease, highWaterTick: 400)
        #expect(try HighWaterFile.read(directory: directory.path, instanceNumber: 1, layout: .miniFlake) == 400)
    }

    @Test("a renewal writes its mark on a blocking-work thread, not the pool's, without the state lock")
    func renewalWritesOffThePool() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 1...1)
        let lease = try await backend.claim()
        let seen = LockedValue<[String]>([])
        backend.beforeRenewalWrite.withLock {
            $0 = { [weak backend] in
                let free = backend?.isStateLockFree ?? false
                let thread = BlockingThread.isCurrentThread ? "blocking-work thread" : "another thread"
                seen.withLock { $0.append("\(thread), state lock free: \(free)") }
            }
        }
        #expect(try await backend.renew(lease, highWaterTick: 500).highWaterTick == 500)
        #expect(try await backend.renew(lease, highWaterTick: 300).highWaterTick == 500, "no write: no call")
        #expect(seen.withLock { $0 } == ["blocking-work thread, state lock free: true"])
        #expect(!BlockingThread.isCurrentThread, "the test's own task runs on the pool")
        try await backend.release(lease, highWaterTick: nil)
    }

    @Test("an unreadable high-water file stops the claim rather than guess")
    func corruptMark() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try FileInstanceLeaseBackend(directory: directory.path, instanceNumbers: 0...0)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: backend.highWaterFilePath(instanceNumber: 0)))
        await #expect(throws: LeaseBackendError.self) { try await backend.claim() }
        // The failed claim did not keep the lock.
        _ = try LockHolderProcess(lockFile: backend.lockFilePath(instanceNumber: 0))
    }

    @Test("a mark written with another layout is read as the same moment in this layout")
    func otherLayoutMark() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let twitter = FlakeLayout.twitter
        let tick = twitter.tick(millisecondsSince1970: 1_750_000_000_000)
        try HighWaterFile.write(tick, directory: directory.path, instanceNumber: 2, layout: twitter)
        let read = try HighWaterFile.read(directory: directory.path, instanceNumber: 2, layout: .miniFlake)
        #expect(read == FlakeLayout.miniFlake.tick(millisecondsSince1970: 1_750_000_000_000))
        #expect(try HighWaterFile.read(directory: directory.path, instanceNumber: 2, layout: twitter) == tick)
    }

    @Test("the default directory is the user's cache directory")
    func defaultDirectory() {
        let path = FileInstanceLeaseBackend.defaultDirectory
        #expect(path.hasSuffix("/miniflake/leases") || path.contains("/miniflake-leases-"))
    }

    @Test("an issuer made with no arguments leases from the default directory and frees its number")
    func issuerWithDefaults() async throws {
        let issuer = try await LeasedFlakeIssuer(layout: .twitter)
        // Renewing, and asking with `next(waitingAtMost:)`: the other suites share the pool's
        // threads, and a test held up past the 10-second lease's local deadline issues again
        // once a renewal gets through, as a program would.
        let renewing = Task { try await issuer.run() }
        let id = try await issuer.next(waitingAtMost: .seconds(60))
        let number = FlakeLayout.twitter.parts(of: id).instanceNumber
        let backend = try FileInstanceLeaseBackend(layout: .twitter)
        #expect(try await backend.list().contains { $0.instanceNumber == number && $0.isHeld })
        issuer.shutdown()
        try await renewing.value
        let record = try await backend.list().first { $0.instanceNumber == number }
        #expect(record?.isHeld == false)
        #expect(record?.highWaterTick == FlakeLayout.twitter.tick(of: id))
    }
}
