import MiniFlake

/// Call latency at a realistic pace: every thread of a team calls a shared generator 200,000
/// times a second (every 5 µs, waiting by spinning in between), and each call is timed on its
/// own; the report gives the percentiles over every call of every thread. Beside the shared
/// `FlakeMaker`, the same threads on a `Mutex` Snowflake (which carries the same way).
///
/// A latency includes one read of the monotonic clock that times it (`DispatchTime`).
public enum PacedBench {
    /// One case's percentiles.
    public struct Row: Sendable {
        /// A stable key, such as `paced.shared.4`.
        public let key: String
        /// What was measured.
        public let name: String
        /// How many threads called at once.
        public let threads: Int
        /// How many calls were timed, over all threads.
        public let calls: Int
        /// The median call, in nanoseconds.
        public let p50: UInt64
        /// The 99th percentile of one call, in nanoseconds.
        public let p99: UInt64
        /// The 99.9th percentile of one call, in nanoseconds.
        public let p999: UInt64
    }

    /// The pace of each thread: one call every 5 µs.
    static let intervalNanoseconds: UInt64 = 5_000

    /// Per-member sample buffers, each written only by its member between a team's start and
    /// end (which the team's semaphores order).
    private final class Samples: @unchecked Sendable {
        let buffers: [UnsafeMutableBufferPointer<UInt64>]
        init(members: Int, calls: Int) {
            buffers = (0..<members).map { _ in
                let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: calls)
                buffer.initialize(repeating: 0)
                return buffer
            }
        }
        deinit {
            for buffer in buffers { buffer.deallocate() }
        }
    }

    /// Runs the paced cases whose key or name contains `filter` (or one of its comma-separated
    /// parts; every case for `nil`).
    ///
    /// - Throws: A ``MiniFlake/FlakeError`` from the generator.
    public static func run(
        scale: BenchScale, matching filter: String?, progress: (String) -> Void = { _ in }
    ) throws -> [Row] {
        let texts = (filter ?? "").lowercased().split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
        func selected(_ key: String, _ name: String) -> Bool {
            texts.isEmpty || texts.contains { key.lowercased().contains($0) || name.lowercased().contains($0) }
        }
        // 200 ms of calls per thread at full scale, 2 ms for a smoke run.
        let calls = scale.name == "full" ? 40_000 : 400
        var rows: [Row] = []
        for threads in BenchSuite.contentionThreadCounts {
            let sharedKey = "paced.shared.\(threads)"
            let sharedName = "paced: 1 shared FlakeMaker, nextImmediately(), \(threads) threads"
            if selected(sharedKey, sharedName) {
                progress(sharedName)
                let maker = try FlakeMaker(instance: 400 + threads)
                rows.append(
                    try measure(key: sharedKey, name: sharedName, threads: threads, calls: calls) {
                        try maker.nextImmediately().rawValue
                    })
            }
            let mutexKey = "paced.mutex.\(threads)"
            let mutexName = "paced baseline: 1 shared Mutex Snowflake, \(threads) threads"
            if selected(mutexKey, mutexName) {
                progress(mutexName)
                let snowflake = MutexCarryingSnowflake(instanceNumber: 500 + threads)
                rows.append(
                    try measure(key: mutexKey, name: mutexName, threads: threads, calls: calls) {
                        snowflake.nextValue()
                    })
            }
        }
        return rows
    }

    private static func measure(
        key: String, name: String, threads: Int, calls: Int, _ next: @escaping @Sendable () throws -> Int64
    ) throws -> Row {
        let team = ThreadTeam(size: threads)
        let samples = Samples(members: threads, calls: calls)
        _ = try team.run { member in
            let buffer = samples.buffers[member]
            team.arriveAndWait()
            let start = Stopwatch.now()
            var due = start
            var sum: UInt64 = 0
            for index in 0..<calls {
                while Stopwatch.now() < due {}
                let before = Stopwatch.now()
                sum &+= UInt64(bitPattern: try next())
                let after = Stopwatch.now()
                buffer[index] = after &- before
                // A thread held up (preempted) goes on at the pace from now, not in a burst.
                due = Swift.max(due &+ intervalNanoseconds, after)
            }
            return ThreadTeam.Slice(start: start, end: Stopwatch.now(), checksum: sum, lastID: nil)
        }
        var all: [UInt64] = []
        all.reserveCapacity(threads * calls)
        for buffer in samples.buffers { all.append(contentsOf: buffer) }
        all.sort()
        func percentile(_ fraction: Double) -> UInt64 {
            all.isEmpty ? 0 : all[Swift.min(all.count - 1, Int(Double(all.count) * fraction))]
        }
        return Row(
            key: key, name: name, threads: threads, calls: all.count, p50: percentile(0.5), p99: percentile(0.99),
            p999: percentile(0.999))
    }

    /// The rows as a Markdown table.
    public static func rendered(_ rows: [Row], scale: BenchScale) -> String {
        var lines = [
            "## paced: each thread calls every 5 µs (200,000 calls a second), each call timed (\(scale.name) scale)",
            "",
            "| case | threads | calls | p50 ns | p99 ns | p99.9 ns |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            lines.append("| \(row.name) | \(row.threads) | \(row.calls) | \(row.p50) | \(row.p99) | \(row.p999) |")
        }
        return lines.joined(separator: "\n")
    }
}
