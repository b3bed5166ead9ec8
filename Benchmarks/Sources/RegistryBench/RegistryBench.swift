import Foundation
import MiniFlake
import MiniFlakeBench
import MiniFlakeGRDB
import MiniFlakePostgres
import MiniFlakeRegistry

/// Registrations per second of the instance registry on SQLite (`registry.sqlite`) and on
/// PostgreSQL (`registry.postgres`).
///
/// Each round registers fresh (account, installation) pairs spread over a few accounts, then
/// registers the same pairs again (each answers its existing number), then records an
/// identifier seen from each (`recordSeen`, one `UPDATE` in its own transaction: the cheapest
/// write the store makes, the baseline the other two are compared with). Every phase runs
/// with 1 request in flight and with 16. The PostgreSQL case reads its server's URL from
/// `MINIFLAKE_BENCH_POSTGRES_URL` (or `MINIFLAKE_TEST_POSTGRES_URL`, which
/// `scripts/with-postgres.sh` sets); without one it is reported as not run.
public enum RegistryBench {
    /// The case keys, which `--filter` matches like the other cases' keys.
    public static let keys = ["registry.sqlite", "registry.postgres"]

    /// How much work a run does.
    public struct Counts: Sendable {
        /// Fresh pairs registered per round and phase.
        public let installations: Int
        /// The accounts they are spread over (each gets `installations / accounts`).
        public let accounts: Int
        /// Rounds per case; the report shows the median and the range.
        public let rounds: Int
        /// The numbers of requests in flight that each phase runs with.
        public let inFlight: [Int]

        /// The counts for a scale: 2,048 pairs over 8 accounts, 3 rounds; 32 pairs and 1 round
        /// for a quick run.
        public static func forScale(_ scale: BenchScale) -> Counts {
            scale == .quick
                ? Counts(installations: 32, accounts: 2, rounds: 1, inFlight: [1, 16])
                : Counts(installations: 2_048, accounts: 8, rounds: 3, inFlight: [1, 16])
        }
    }

    /// Rates of one case with one number of requests in flight, one value per round.
    public struct Rates: Sendable {
        /// Requests in flight.
        public let inFlight: Int
        /// Fresh registrations per second, per round.
        public var fresh: [Double] = []
        /// Registrations of existing pairs per second, per round.
        public var again: [Double] = []
        /// `recordSeen` calls per second, per round.
        public var seen: [Double] = []
    }

    /// One case's outcome: its rates, or why it did not run.
    public struct Outcome: Sendable {
        /// `registry.sqlite` or `registry.postgres`.
        public let key: String
        /// What the store was.
        public let store: String
        /// The rates, one entry per number of requests in flight; empty when not run.
        public let rates: [Rates]
        /// Why the case did not run, or `nil` when it ran.
        public let notRun: String?
    }

    /// The keys of the cases that `filter` selects (as ``BenchSuite/run(scale:matching:adding:progress:)``
    /// selects its cases: any comma-separated part contained in the key; all when `nil`).
    public static func selected(matching filter: String?) -> [String] {
        let texts = (filter ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return keys.filter { key in texts.isEmpty || texts.contains { key.contains($0) } }
    }

    /// The PostgreSQL URL the case uses, if any.
    public static var postgresURL: String? {
        let environment = ProcessInfo.processInfo.environment
        return environment["MINIFLAKE_BENCH_POSTGRES_URL"] ?? environment["MINIFLAKE_TEST_POSTGRES_URL"]
    }

    /// Runs the selected cases.
    ///
    /// - Parameter progress: Called with a line saying what is running.
    /// - Throws: An ``MiniFlakeRegistry/InstanceRegistryError`` or a PostgreSQL connection error.
    public static func run(
        scale: BenchScale, matching filter: String?, progress: (String) -> Void = { _ in }
    ) async throws -> [Outcome] {
        let counts = Counts.forScale(scale)
        var outcomes: [Outcome] = []
        for key in selected(matching: filter) {
            progress("running \(key)")
            if key == "registry.sqlite" {
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("miniflake-registry-bench-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                let registry = try GRDBInstanceRegistry(path: directory.appendingPathComponent("registry.sqlite").path)
                let rates = try await measure(registry, counts: counts)
                outcomes.append(Outcome(key: key, store: "SQLite file, WAL (DatabasePool)", rates: rates, notRun: nil))
            } else if let url = postgresURL {
                let rates = try await PostgresInstanceRegistry.withRegistry(url: url, maximumConnections: 20) {
                    try await measure($0, counts: counts)
                }
                outcomes.append(Outcome(key: key, store: "PostgreSQL, 20 connections", rates: rates, notRun: nil))
            } else {
                outcomes.append(
                    Outcome(
                        key: key, store: "PostgreSQL", rates: [],
                        notRun: "not run: set MINIFLAKE_BENCH_POSTGRES_URL (or run under scripts/with-postgres.sh)"))
            }
        }
        return outcomes
    }

    /// Runs every round with every number of requests in flight, on fresh accounts each time.
    static func measure(_ registry: some InstanceRegistry, counts: Counts) async throws -> [Rates] {
        var all = counts.inFlight.map { Rates(inFlight: $0) }
        let id = try FlakeMaker(instance: 1).nextImmediately()
        for _ in 0..<counts.rounds {
            for index in all.indices {
                let accounts = try (0..<counts.accounts).map { _ in try RegistryName("bench-\(UUID().uuidString)") }
                let names = try (0..<(counts.installations + counts.accounts - 1) / counts.accounts).map {
                    try RegistryName("installation-\($0)")
                }
                let pair: @Sendable (Int) -> (RegistryName, RegistryName) = { request in
                    (accounts[request % accounts.count], names[request / accounts.count])
                }
                let inFlight = all[index].inFlight
                all[index].fresh.append(
                    try await rate(counts.installations, inFlight: inFlight) { request in
                        let (account, installation) = pair(request)
                        _ = try await registry.register(
                            account: account, installation: installation, provisionalInstance: nil)
                    })
                all[index].again.append(
                    try await rate(counts.installations, inFlight: inFlight) { request in
                        let (account, installation) = pair(request)
                        _ = try await registry.register(
                            account: account, installation: installation, provisionalInstance: nil)
                    })
                all[index].seen.append(
                    try await rate(counts.installations, inFlight: inFlight) { request in
                        let (account, installation) = pair(request)
                        try await registry.recordSeen(id, account: account, installation: installation)
                    })
            }
        }
        return all
    }

    /// Runs `operation` for requests 0..<count with at most `inFlight` running at once, and
    /// returns the requests per second.
    static func rate(
        _ count: Int, inFlight: Int, _ operation: @escaping @Sendable (Int) async throws -> Void
    ) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            while next < min(inFlight, count) {
                let request = next
                group.addTask { try await operation(request) }
                next += 1
            }
            while try await group.next() != nil {
                guard next < count else { continue }
                let request = next
                group.addTask { try await operation(request) }
                next += 1
            }
        }
        let (seconds, attoseconds) = (clock.now - start).components
        let elapsed = Double(seconds) + Double(attoseconds) / 1e18
        return elapsed > 0 ? Double(count) / elapsed : 0
    }
}
