import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of threads, kept parked between bursts, that run one job together.
///
/// The calling thread is member 0; the others are started once and live for the rest of the
/// process. On Linux with several cores, member `i` runs on processor `i % cores`. Each member waits at a barrier before its timed loop, so the members work at the
/// same time, and reports when its loop started and ended; a burst's time is the span from
/// the first start to the last end, which leaves out the time taken to wake the threads.
final class ThreadTeam: @unchecked Sendable {
    // @unchecked: `job` and `slices` are written by one side and read by the other only
    // across a semaphore signal and wait, which orders the accesses.

    /// What one member did in one run.
    struct Slice: Sendable {
        /// When its timed loop started, from ``Stopwatch/now()``.
        var start: UInt64 = 0
        /// When its timed loop ended.
        var end: UInt64 = 0
        /// The sum of what it produced.
        var checksum: UInt64 = 0
        /// The last identifier it made, if any.
        var lastID: Int64?
    }

    /// How many threads run each job, the caller included.
    let size: Int
    /// Whether member `i` runs pinned to processor `i % cores` (the caller only while it runs a
    /// job), so that the members are spread over the cores there are.
    let pinned: Bool

    private let starts: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)
    private let arrived = Atomic<Int>(0)
    private var job: (@Sendable (Int) throws -> Slice)?
    // One slot per member, each written only by its member: plain memory rather than arrays,
    // whose copy-on-write and exclusivity checks would see the members' writes as conflicts.
    private let slices: UnsafeMutableBufferPointer<Slice>
    private let errors: UnsafeMutableBufferPointer<(any Error)?>

    /// Starts `size - 1` parked threads.
    init(size: Int) {
        self.size = Swift.max(1, size)
        starts = (1..<Swift.max(1, size)).map { _ in DispatchSemaphore(value: 0) }
        slices = .allocate(capacity: Swift.max(1, size))
        slices.initialize(repeating: Slice())
        errors = .allocate(capacity: Swift.max(1, size))
        errors.initialize(repeating: nil)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        pinned = cores > 1
        for member in 1..<self.size {
            let thread = Thread { [self] in
                if pinned { CPUAffinity.pinCurrentThread(to: member % cores) }
                while true {
                    starts[member - 1].wait()
                    perform(member: member)
                    finished.signal()
                }
            }
            thread.name = "miniflake-bench-\(member)"
            thread.start()
        }
    }

    /// Runs `job` on every member at once and returns the burst: the members' checksums
    /// summed, the span of their timed loops, and the highest identifier made.
    func run(_ job: @escaping @Sendable (Int) throws -> Slice) throws -> BurstOutcome {
        self.job = job
        arrived.store(0, ordering: .sequentiallyConsistent)
        let callerMask = pinned ? CPUAffinity.currentMask() : nil
        if pinned { CPUAffinity.pinCurrentThread(to: 0) }
        for start in starts {
            start.signal()
        }
        perform(member: 0)
        for _ in starts {
            finished.wait()
        }
        if let callerMask { CPUAffinity.restore(callerMask) }
        self.job = nil
        if let error = errors.lazy.compactMap({ $0 }).first {
            errors.update(repeating: nil)
            throw error
        }
        let first = slices.map(\.start).min() ?? 0
        let last = slices.map(\.end).max() ?? 0
        let checksum = slices.reduce(UInt64(0)) { $0 &+ $1.checksum }
        let lastID = slices.compactMap(\.lastID).max()
        return BurstOutcome(checksum: checksum, nanoseconds: last &- first, lastID: lastID)
    }

    /// Waits until every member has reached this call, yielding the processor meanwhile so that
    /// members without a core of their own get to arrive.
    func arriveAndWait() {
        arrived.add(1, ordering: .sequentiallyConsistent)
        while arrived.load(ordering: .sequentiallyConsistent) < size {
            sched_yield()
        }
    }

    private func perform(member: Int) {
        do {
            if let job {
                slices[member] = try job(member)
            }
        } catch {
            errors[member] = error
            // Let the others past the barrier.
            arrived.add(1, ordering: .sequentiallyConsistent)
        }
    }
}
