#if Postgres
    import Foundation
    import Logging
    import MiniFlakePostgres
    import PostgresNIO
    import Testing

    /// The PostgreSQL server the intake tests run against, from `scripts/with-postgres.sh`, as
    /// in MiniFlakePostgresTests' `TestDatabase`.
    enum IntakeTestDatabase {
        /// `MINIFLAKE_TEST_POSTGRES_URL`, or `nil` when no server was given.
        static let url = ProcessInfo.processInfo.environment["MINIFLAKE_TEST_POSTGRES_URL"]
        /// Whether this is a CI run, where skipping the PostgreSQL tests is a failure.
        static let isCI = ["true", "1", "yes"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")

        static let missing: Comment =
            "MINIFLAKE_TEST_POSTGRES_URL is not set, so the PostgreSQL intake tests are skipped; run them with scripts/with-postgres.sh swift test --traits GRDB,Postgres --filter MiniFlakeIntakeTests"

        static let logger = Logger(label: "miniflake.intake.tests")

        /// Runs `body` with a running client and a fresh notes table of its own, dropped after.
        static func withNotesTable<Result: Sendable>(
            accountColumn: String = "account_id",
            installationColumn: String = "installation",
            _ body: (PostgresClient, String) async throws -> Result
        ) async throws -> Result {
            let url = try #require(url)
            var configuration = try PostgresLeaseURL(url).clientConfiguration
            configuration.options.maximumConnections = 40
            configuration.options.connectTimeout = .seconds(2)
            let client = PostgresClient(configuration: configuration)
            let table = "notes_\(UUID().uuidString.prefix(8).lowercased())"
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                try await client.query(
                    PostgresQuery(
                        unsafeSQL: """
                            CREATE TABLE \(table) (
                                "\(accountColumn)"      TEXT   NOT NULL,
                                client_id               BIGINT NOT NULL CHECK (client_id >= 0),
                                "\(installationColumn)" TEXT,
                                title                   TEXT   NOT NULL,
                                PRIMARY KEY ("\(accountColumn)", client_id))
                            """), logger: logger)
                let result = try await body(client, table)
                try await client.query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"), logger: logger)
                return result
            }
        }

        /// Every row of a notes table made by ``withNotesTable(accountColumn:installationColumn:_:)``,
        /// by account and client ID.
        static func rows(
            _ table: String, _ client: PostgresClient, accountColumn: String = "account_id",
            installationColumn: String = "installation"
        ) async throws -> [Row] {
            let rows = try await client.query(
                PostgresQuery(
                    unsafeSQL:
                        "SELECT \"\(accountColumn)\", client_id, \"\(installationColumn)\", title FROM \(table) ORDER BY 1, 2"
                ), logger: logger)
            var result: [Row] = []
            for try await (account, id, installation, title) in rows.decode((String, Int64, String?, String).self) {
                result.append(Row(account: account, rawID: id, installation: installation, title: title))
            }
            return result
        }

        /// One stored note.
        struct Row: Hashable, Sendable {
            var account: String
            var rawID: Int64
            var installation: String?
            var title: String
        }
    }
#endif
