import Foundation
import GRDB
import MiniFlake
import MiniFlakeBench
import MiniFlakeGRDB
import MiniFlakePostgres
import PostgresNIO

/// Rows per second of a backfill (`backfill.postgres`: `miniflake_backfill` of
/// `sql/miniflake.sql`; `backfill.sqlite`: `Database.backfillFlakeIDs` of MiniFlakeGRDB) on a
/// table of 200,000 rows, beside a baseline measured in the same round on the same table: one
/// `UPDATE` that writes every row's old key into the same column, what rewriting the column
/// costs without working out any ID.
public enum BackfillBench {
    /// The case keys, which `--filter` matches.
    public static let keys = ["backfill.postgres", "backfill.sqlite"]

    /// One case's rates, one value per round, or why it did not run.
    public struct Outcome: Sendable {
        /// The case key.
        public let key: String
        /// Rows keyed per second by the backfill.
        public var backfill: [Double] = []
        /// Rows rewritten per second by the plain `UPDATE`.
        public var update: [Double] = []
        /// Why the case did not run, or `nil`.
        public var notRun: String?
    }

    /// Runs the cases `filter` selects (all when `nil`); empty when it selects none.
    ///
    /// - Throws: A PostgreSQL or SQLite error.
    public static func run(
        scale: BenchScale, matching filter: String?, progress: (String) -> Void = { _ in }
    ) async throws -> [Outcome] {
        let texts = (filter ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let (rows, rounds) = scale == .quick ? (2_000, 1) : (200_000, 3)
        var outcomes: [Outcome] = []
        for key in keys where texts.isEmpty || texts.contains(where: { key.contains($0) }) {
            progress("running \(key)")
            var outcome = Outcome(key: key)
            if key == "backfill.sqlite" {
                for _ in 0..<rounds {
                    let (backfill, update) = try sqliteRound(rows: rows)
                    outcome.backfill.append(backfill)
                    outcome.update.append(update)
                }
            } else if let url = RegistryBench.postgresURL {
                let client = PostgresClient(configuration: try PostgresLeaseURL(url).clientConfiguration)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await client.run() }
                    defer { group.cancelAll() }
                    try await PostgresFlakeSQL.install(on: client)
                    for _ in 0..<rounds {
                        let (backfill, update) = try await postgresRound(client, rows: rows)
                        outcome.backfill.append(backfill)
                        outcome.update.append(update)
                    }
                }
            } else {
                outcome.notRun = "set MINIFLAKE_BENCH_POSTGRES_URL (or run under scripts/with-postgres.sh)"
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// Seconds `body` takes.
    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Seconds `body` takes, for a body that does not suspend.
    static func synchronousSeconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// A fresh table of `rows` notes, 6,000 of them in one millisecond, in a file of its own;
    /// the plain `UPDATE`, then the backfill.
    static func sqliteRound(rows: Int) throws -> (backfill: Double, update: Double) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("miniflake-backfill-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("notes.sqlite").path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE note (oldID INTEGER PRIMARY KEY, createdAt TEXT NOT NULL, title TEXT NOT NULL, id INTEGER);
                    WITH RECURSIVE n(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM n WHERE v < ?)
                    INSERT INTO note (oldID, createdAt, title)
                    SELECT v, CASE WHEN v < 6000 THEN '2024-05-01 12:00:00.123'
                        ELSE strftime('%Y-%m-%d %H:%M:%f', 1546300800 + ((v * 7919) % ?) * 1110.25, 'unixepoch') END,
                        'note ' || v
                    FROM n;
                    """, arguments: [rows - 1, rows])
        }
        let update = try synchronousSeconds {
            try queue.write { db in try db.execute(sql: "UPDATE note SET id = oldID") }
        }
        let backfill = try synchronousSeconds {
            try queue.write { db in
                _ = try db.backfillFlakeIDs(
                    table: "note", column: "id", createdAtColumn: "createdAt", orderColumn: "oldID", instance: 1)
            }
        }
        return (Double(rows) / backfill, Double(rows) / update)
    }

    /// The same in PostgreSQL, on a table dropped afterwards; each round's backfill reserves a
    /// number of its own.
    static func postgresRound(_ client: PostgresClient, rows: Int) async throws -> (backfill: Double, update: Double) {
        try await client.query("DROP TABLE IF EXISTS miniflake_bench_notes")
        try await client.query(
            """
            CREATE TABLE miniflake_bench_notes (
                old_id integer PRIMARY KEY, created_at timestamptz NOT NULL, title text NOT NULL, id bigint)
            """)
        try await client.query(
            """
            INSERT INTO miniflake_bench_notes (old_id, created_at, title)
            SELECT n, CASE WHEN n < 6000 THEN timestamptz '2024-05-01T12:00:00.123Z'
                ELSE timestamptz '2019-01-01T00:00:00Z' + ((n * 7919) % \(rows)) * interval '18 minutes 30.25 seconds' END,
                'note ' || n
            FROM generate_series(0, \(rows - 1)) AS n
            """)
        try await client.query("VACUUM ANALYZE miniflake_bench_notes")
        let update = try await seconds {
            try await client.query("UPDATE miniflake_bench_notes SET id = old_id")
        }
        try await client.query("VACUUM miniflake_bench_notes")
        let backfill = try await seconds {
            try await client.query(
                "SELECT miniflake_backfill('miniflake_bench_notes', 'id', 'created_at', 'old_id')")
        }
        try await client.query("DROP TABLE miniflake_bench_notes")
        return (Double(rows) / backfill, Double(rows) / update)
    }

    /// The cases' section of the report.
    public static func rendered(_ outcomes: [Outcome], scale: BenchScale) -> String {
        var lines = [
            "Backfill of a \(scale == .quick ? "2,000" : "200,000")-row table: rows per second, median of "
                + "\(scale == .quick ? 1 : 3) round(s) [lowest–highest], beside one UPDATE rewriting the column.",
            "",
        ]
        var rows = [["case", "backfill rows/s", "UPDATE rows/s", "backfill × UPDATE"]]
        for outcome in outcomes {
            if let reason = outcome.notRun {
                rows.append([outcome.key, "–", "–", "–"])
                lines.append("\(outcome.key): not run: \(reason).")
            } else {
                rows.append([
                    outcome.key, RegistryBench.summary(outcome.backfill), RegistryBench.summary(outcome.update),
                    RegistryBench.cost(
                        RegistryBench.median(outcome.backfill), baseline: RegistryBench.median(outcome.update)),
                ])
            }
        }
        lines.insert(contentsOf: RegistryBench.table(rows), at: 2)
        if scale == .quick {
            lines.append("Quick run: tiny counts to check that the cases run; the figures mean nothing.")
        }
        return lines.joined(separator: "\n")
    }
}
