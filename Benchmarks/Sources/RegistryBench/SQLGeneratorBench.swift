import Foundation
import MiniFlake
import MiniFlakeBench
import MiniFlakePostgres
import PostgresNIO

/// IDs per second of `miniflake_next_id`, the generator of `sql/miniflake.sql`, from 1 and
/// from 8 connections (`postgres.next_id`), each call one round trip, beside two baselines
/// measured in the same run on the same connections: `SELECT 1` (the round trip alone) and
/// `nextval` of a plain sequence (what a `BIGSERIAL` key costs). The server's URL is read as
/// the registry cases read it; without one the case is reported as not run.
public enum SQLGeneratorBench {
    /// The case key, which `--filter` matches.
    public static let key = "postgres.next_id"

    /// The rates with one number of connections, one value per round.
    public struct Rates: Sendable {
        /// Connections, each with one call in flight.
        public let connections: Int
        /// `SELECT miniflake_next_id(...)` per second.
        public var nextID: [Double] = []
        /// `SELECT nextval(...)` per second.
        public var nextval: [Double] = []
        /// `SELECT 1` per second.
        public var roundTrip: [Double] = []
    }

    /// Runs the case when `filter` selects it: `nil` when it does not, rates (or why it did not
    /// run) otherwise.
    ///
    /// - Throws: A PostgreSQL error.
    public static func run(
        scale: BenchScale, matching filter: String?, progress: (String) -> Void = { _ in }
    ) async throws -> Result<[Rates], NotRun>? {
        let texts = (filter ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard texts.isEmpty || texts.contains(where: { key.contains($0) }) else { return nil }
        guard let url = RegistryBench.postgresURL else {
            return .failure(NotRun(reason: "set MINIFLAKE_BENCH_POSTGRES_URL (or run under scripts/with-postgres.sh)"))
        }
        progress("running \(key)")
        let (count, rounds) = scale == .quick ? (64, 1) : (20_000, 3)
        var all: [Rates] = []
        for connections in [1, 8] {
            var configuration = try PostgresLeaseURL(url).clientConfiguration
            configuration.options.maximumConnections = connections
            let client = PostgresClient(configuration: configuration)
            let rates = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                return try await measure(client, connections: connections, count: count, rounds: rounds)
            }
            all.append(rates)
        }
        return .success(all)
    }

    /// Why the case did not run.
    public struct NotRun: Error {
        /// For the report.
        public let reason: String
    }

    /// Installs the SQL, reserves a number for the run, and measures each statement in turn.
    static func measure(_ client: PostgresClient, connections: Int, count: Int, rounds: Int) async throws -> Rates {
        try await PostgresFlakeSQL.install(on: client)
        try await client.query("CREATE SEQUENCE IF NOT EXISTS miniflake_bench_baseline")
        var reservedNumber = 0
        for try await reserved in try await client.query("SELECT miniflake_reserve_instance('miniflake')")
            .decode(Int.self)
        {
            reservedNumber = reserved
        }
        let number = reservedNumber
        var rates = Rates(connections: connections)
        for _ in 0..<rounds {
            rates.nextID.append(
                try await RegistryBench.rate(count, inFlight: connections) { _ in
                    try await client.query("SELECT miniflake_next_id('miniflake', \(number)::integer)")
                })
            rates.nextval.append(
                try await RegistryBench.rate(count, inFlight: connections) { _ in
                    try await client.query("SELECT nextval('miniflake_bench_baseline')")
                })
            rates.roundTrip.append(
                try await RegistryBench.rate(count, inFlight: connections) { _ in
                    try await client.query("SELECT 1")
                })
        }
        try await client.query("SELECT miniflake_release_instance('miniflake', \(number)::integer)")
        return rates
    }

    /// The case's section of the report.
    public static func rendered(_ outcome: Result<[Rates], NotRun>, scale: BenchScale) -> String {
        var lines = [
            "miniflake_next_id in PostgreSQL: calls per second, median of \(scale == .quick ? 1 : 3) round(s) "
                + "[lowest–highest], one round trip each, beside SELECT 1 and nextval of a plain sequence.",
            "",
        ]
        var rows = [["case", "connections", "next_id/s", "nextval/s", "SELECT 1/s", "next_id × SELECT 1"]]
        switch outcome {
        case .failure(let notRun):
            rows.append([key, "–", "–", "–", "–", "–"])
            lines += RegistryBench.table(rows) + ["\(key): not run: \(notRun.reason)."]
        case .success(let all):
            for rates in all {
                rows.append([
                    key, "\(rates.connections)", RegistryBench.summary(rates.nextID),
                    RegistryBench.summary(rates.nextval), RegistryBench.summary(rates.roundTrip),
                    RegistryBench.cost(
                        RegistryBench.median(rates.nextID), baseline: RegistryBench.median(rates.roundTrip)),
                ])
            }
            lines += RegistryBench.table(rows)
        }
        if scale == .quick {
            lines.append("Quick run: tiny counts to check that the case runs; the figures mean nothing.")
        }
        return lines.joined(separator: "\n")
    }
}
