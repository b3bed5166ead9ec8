import MiniFlake
import MiniFlakeSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// Leases instance numbers to the processes of one host with locked files in a directory.
///
/// Each number has a lock file, `instance-NNNN.lock`. A claim tries the numbers in random
/// order and takes the first whose file it can lock (`flock(LOCK_EX | LOCK_NB)`). The lock
/// lasts as long as the process: when it exits or crashes the system drops the lock and the
/// number is free again at once. Each number's high-water mark sits next to its lock in
/// `instance-NNNN.highwater`, written crash-safely (temporary file, `fsync`, `rename`,
/// directory `fsync`); renewing a file lease means storing a new mark.
///
/// All processes that must not share numbers have to use the same directory, on a local file
/// system. The default is per user (see ``defaultDirectory``); give processes of several users
/// a shared directory. Use one directory per layout.
///
/// Claims, renewals and releases do their file work (the writes and their `fsync`) on a thread
/// of their own, never on a thread of Swift's cooperative pool, and without holding the lock on
/// the backend's state: the calling task suspends meanwhile. ``list()`` reads on the caller's
/// thread.
public final class FileInstanceLeaseBackend: InstanceLeaseBackend {
    /// The directory holding the lock and high-water files.
    public let directory: String
    /// The layout whose instance numbers are leased.
    public let layout: FlakeLayout
    /// How far ahead each renewal reserves: a lock never expires, but an issuer that cannot
    /// store its high-water mark stops once this runs out.
    public let leaseDuration: Duration
    /// The numbers this backend hands out.
    public let instanceNumbers: ClosedRange<Int>
    /// The label in front of each claim's holder name.
    public let holderLabel: String

    /// The numbers this backend holds, by instance number. Held only for a moment, never while
    /// a file is written.
    private let held = LockedValue<[Int: HeldNumber]>([:])

    /// Taken around each renewal's and release's file work, on a blocking-work thread
    /// (`BlockingThread`, never on the pool), before `held`: one number's writes never overlap, and a renewal can never
    /// write after its release.
    private let writing = PlatformLock()

    /// Called on the writing thread just before a renewal writes its mark; tests observe
    /// where the write happens through it.
    package let beforeRenewalWrite = LockedValue<(@Sendable () -> Void)?>(nil)

    /// Whether the lock on the held numbers is free at this moment, without waiting for it.
    package var isStateLockFree: Bool {
        held.withLockIfAvailable { _ in true } ?? false
    }

    private struct HeldNumber: Sendable {
        let descriptor: Int32
        let identity: FileIdentity
        let holder: String
        var highWaterTick: Int64?
    }

    /// Makes a backend, creating the directory when it is missing.
    ///
    /// - Parameters:
    ///   - directory: Where the lock files live; ``defaultDirectory`` when `nil`.
    ///   - layout: The layout whose numbers are leased.
    ///   - leaseDuration: How far ahead each renewal reserves; 10 seconds by default.
    ///   - instanceNumbers: The numbers to hand out; all of the layout's by default.
    ///   - holder: A label for `miniflake lease list`; this host and process by default.
    /// - Throws: ``LeaseBackendError/invalidConfiguration(_:)`` for numbers outside the layout, and
    ///   ``LeaseBackendError/storage(path:reason:)`` when the directory cannot be created.
    public init(
        directory: String? = nil,
        layout: FlakeLayout = .miniFlake,
        leaseDuration: Duration = .seconds(10),
        instanceNumbers: ClosedRange<Int>? = nil,
        holder: String = LeaseHolder.current
    ) throws(LeaseBackendError) {
        let numbers = instanceNumbers ?? 0...layout.maximumInstanceNumber
        guard numbers.lowerBound >= 0, numbers.upperBound <= layout.maximumInstanceNumber else {
            throw .invalidConfiguration(
                "instance numbers \(numbers) are outside 0...\(layout.maximumInstanceNumber) of layout \(layout.name)")
        }
        guard numbers.count <= 1 << 20 else {
            throw .invalidConfiguration("a file lease hands out at most 1,048,576 numbers")
        }
        let path = directory ?? Self.defaultDirectory
        guard !path.isEmpty else { throw .invalidConfiguration("the lease directory is empty") }
        self.directory = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.layout = layout
        self.leaseDuration = leaseDuration
        self.instanceNumbers = numbers
        self.holderLabel = holder
        try POSIXFile.makeDirectory(self.directory)
    }

    deinit {
        held.withLock { held in
            for number in held.values {
                close(number.descriptor)
                HeldLocks.remove(number.identity)
            }
            held.removeAll()
        }
    }

    /// The default directory: `$XDG_CACHE_HOME/miniflake/leases`, else
    /// `~/.cache/miniflake/leases`, else `miniflake-leases-UID` in the temporary directory.
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return "\(cache)/miniflake/leases"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return "\(home)/.cache/miniflake/leases"
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return "\(temporary)/miniflake-leases-\(getuid())"
    }

    /// The lock file of an instance number.
    package func lockFilePath(instanceNumber: Int) -> String {
        "\(directory)/instance-\(Self.paddedNumber(instanceNumber)).lock"
    }

    /// The high-water file of an instance number.
    package func highWaterFilePath(instanceNumber: Int) -> String {
        "\(directory)/\(HighWaterFile.name(instanceNumber))"
    }

    static func paddedNumber(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: InstanceLeaseBackend

    /// Locks a free number's file, chosen at random, and reads its high-water mark.
    ///
    /// - Throws: ``LeaseBackendError/noFreeInstance(capacity:)`` when every number's file is locked,
    ///   ``LeaseBackendError/storage(path:reason:)`` when a file cannot be used.
    public func claim() async throws(LeaseBackendError) -> InstanceLease {
        try await BlockingThread.run { () throws(LeaseBackendError) in try self.claimNow() }
    }

    /// ``claim()``'s work. Blocks: it runs on a blocking-work thread (`BlockingThread`).
    private func claimNow() throws(LeaseBackendError) -> InstanceLease {
        try POSIXFile.makeDirectory(directory)
        for number in instanceNumbers.shuffled() {
            if let lease = try claim(number) { return lease }
        }
        throw .noFreeInstance(capacity: instanceNumbers.count)
    }

    private func claim(_ number: Int) throws(LeaseBackendError) -> InstanceLease? {
        let path = lockFilePath(instanceNumber: number)
        let descriptor = try POSIXFile.openForLocking(path, create: true)
        let identity: FileIdentity
        do {
            identity = try POSIXFile.identity(of: descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard HeldLocks.insert(identity) else {
            close(descriptor)
            return nil
        }
        var claimed = false
        defer {
            if !claimed {
                close(descriptor)
                HeldLocks.remove(identity)
            }
        }
        guard try POSIXFile.tryLock(descriptor, path: path) else { return nil }
        let highWaterTick = try HighWaterFile.read(directory: directory, instanceNumber: number, layout: layout)
        removeTemporaryFiles(of: number)
        let holder = LeaseHolder.unique(holderLabel)
        try POSIXFile.replaceContents(
            of: descriptor, with: "holder \(holder)\npid \(getpid())\n", path: path)
        held.withLock {
            $0[number] = HeldNumber(
                descriptor: descriptor, identity: identity, holder: holder, highWaterTick: highWaterTick)
        }
        claimed = true
        return InstanceLease(
            instanceNumber: number, highWaterTick: highWaterTick, holder: holder, expiresAt: expiry())
    }

    /// Stores the higher of the stored mark and `highWaterTick`, crash-safely.
    ///
    /// - Throws: ``LeaseBackendError/lost(instanceNumber:)`` when this backend does not hold the
    ///   lease, ``LeaseBackendError/storage(path:reason:)`` when the mark cannot be written.
    public func renew(_ lease: InstanceLease, highWaterTick: Int64) async throws(LeaseBackendError) -> InstanceLease {
        let mark = try await BlockingThread.run { () throws(LeaseBackendError) in
            try self.storeMark(of: lease, highWaterTick: highWaterTick)
        }
        return InstanceLease(
            instanceNumber: lease.instanceNumber, highWaterTick: mark, holder: lease.holder, expiresAt: expiry())
    }

    /// ``renew(_:highWaterTick:)``'s work: the mark it stores. Blocks: it runs on a lease file
    /// thread, holding `writing` but not `held` while it writes.
    private func storeMark(of lease: InstanceLease, highWaterTick: Int64) throws(LeaseBackendError) -> Int64 {
        let number = lease.instanceNumber
        return try writing.withLock { () throws(LeaseBackendError) -> Int64 in
            let stored = try held.withLock { held throws(LeaseBackendError) -> Int64? in
                guard let current = held[number], current.holder == lease.holder else {
                    throw .lost(instanceNumber: number)
                }
                return current.highWaterTick
            }
            let mark = max(stored ?? highWaterTick, highWaterTick)
            guard mark != stored else { return mark }
            beforeRenewalWrite.withLock { $0 }?()
            try HighWaterFile.write(mark, directory: directory, instanceNumber: number, layout: layout)
            // Still held: a release takes `writing` before it lets the number go.
            held.withLock { $0[number]?.highWaterTick = mark }
            return mark
        }
    }

    /// Stores the final mark and unlocks the number's file, freeing it at once.
    ///
    /// - Throws: ``LeaseBackendError/storage(path:reason:)`` when the mark cannot be written; the
    ///   file is unlocked anyway, and the stored mark is the last renewal's, which is higher.
    public func release(_ lease: InstanceLease, highWaterTick: Int64?) async throws(LeaseBackendError) {
        try await BlockingThread.run { () throws(LeaseBackendError) in
            try self.releaseNow(lease, highWaterTick: highWaterTick)
        }
    }

    /// ``release(_:highWaterTick:)``'s work. Blocks: it runs on a blocking-work thread (`BlockingThread`), holding
    /// `writing` but not `held` while it writes.
    private func releaseNow(_ lease: InstanceLease, highWaterTick: Int64?) throws(LeaseBackendError) {
        let number = lease.instanceNumber
        try writing.withLock { () throws(LeaseBackendError) in
            let taken = held.withLock { held -> HeldNumber? in
                guard let current = held[number], current.holder == lease.holder else { return nil }
                held[number] = nil
                return current
            }
            guard let current = taken else { return }
            defer {
                _ = ftruncate(current.descriptor, 0)
                close(current.descriptor)
                HeldLocks.remove(current.identity)
            }
            if let highWaterTick, highWaterTick != current.highWaterTick {
                try HighWaterFile.write(highWaterTick, directory: directory, instanceNumber: number, layout: layout)
            }
        }
    }

    /// Every number with a lock or high-water file, with whether a process holds it now.
    ///
    /// Probing a lock takes it for a moment; a claim running at that moment skips the number.
    public func list() async throws(LeaseBackendError) -> [InstanceLeaseRecord] {
        try await BlockingThread.run { () throws(LeaseBackendError) in try self.listNow() }
    }

    /// ``list()``'s work: reads the directory and each number's files, and tries each lock
    /// without waiting. Blocks: it runs on a blocking-work thread.
    private func listNow() throws(LeaseBackendError) -> [InstanceLeaseRecord] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .storage(path: directory, reason: "cannot list the directory: \(error)")
        }
        var numbers = Set<Int>()
        for entry in entries where entry.hasPrefix("instance-") {
            let rest = entry.dropFirst("instance-".count)
            for suffix in [".lock", ".highwater"] where rest.hasSuffix(suffix) {
                if let number = Int(rest.dropLast(suffix.count)) { numbers.insert(number) }
            }
        }
        var records: [InstanceLeaseRecord] = []
        for number in numbers.sorted() {
            let (isHeld, holder) = try probe(number)
            let highWaterTick = try HighWaterFile.read(directory: directory, instanceNumber: number, layout: layout)
            records.append(
                InstanceLeaseRecord(
                    instanceNumber: number, isHeld: isHeld, holder: holder, expiresAt: nil,
                    highWaterTick: highWaterTick))
        }
        return records
    }

    /// Whether a number's lock is held, and the holder its file names.
    private func probe(_ number: Int) throws(LeaseBackendError) -> (Bool, String?) {
        let path = lockFilePath(instanceNumber: number)
        guard FileManager.default.fileExists(atPath: path) else { return (false, nil) }
        let descriptor = try POSIXFile.openForLocking(path, create: false)
        defer { close(descriptor) }
        let identity = try POSIXFile.identity(of: descriptor, path: path)
        var isHeld = HeldLocks.contains(identity)
        if !isHeld {
            isHeld = try !POSIXFile.tryLock(descriptor, shared: true, path: path)
            if !isHeld { _ = flock(descriptor, LOCK_UN) }
        }
        guard isHeld else { return (false, nil) }
        let text = try POSIXFile.readAll(descriptor, path: path)
        let holder = text.split(separator: "\n").first { $0.hasPrefix("holder ") }?.dropFirst("holder ".count)
        return (true, holder.map(String.init))
    }

    private func removeTemporaryFiles(of number: Int) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where HighWaterFile.isTemporary(entry, instanceNumber: number) {
            unlink("\(directory)/\(entry)")
        }
    }

    private func expiry() -> Date {
        Date(timeIntervalSinceNow: leaseDuration.secondsAsDouble)
    }
}
