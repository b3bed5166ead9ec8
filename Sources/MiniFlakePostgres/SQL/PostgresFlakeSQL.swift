#if Postgres
    import Logging
    import PostgresNIO

    /// MiniFlake's SQL for PostgreSQL 14 or later, the same as `sql/miniflake.sql`: functions
    /// that decode IDs of every preset layout and give the smallest ID at a moment
    /// (`miniflake_id_at`), a generator for backfills and triggers (`miniflake_next_id`) on
    /// an instance number reserved from the lease table, and `miniflake_backfill`, which keys
    /// an existing table's rows by the times they were created.
    ///
    /// ```swift
    /// try await PostgresFlakeSQL.install(on: client)
    /// // SELECT * FROM notes WHERE id >= miniflake_id_at('2026-03-01T00:00:00Z')
    /// //                        AND id <  miniflake_id_at('2026-04-01T00:00:00Z')
    /// ```
    ///
    /// Installing is idempotent: tables are created when missing and functions replaced.
    public enum PostgresFlakeSQL {
        /// The whole script, as `psql -f sql/miniflake.sql` runs it.
        public static var script: String {
            header + "\n\n" + statements.joined(separator: ";\n\n") + ";\n"
        }

        /// Runs every statement in one transaction, under the advisory lock the lease table's
        /// migration takes, so that installations from several processes take turns.
        ///
        /// - Throws: postgres-nio's error for a statement the server refuses.
        public static func install(
            on client: PostgresClient, logger: Logger = Logger(label: "miniflake.sql.postgres")
        ) async throws {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
        }

        /// The advisory lock `PostgresInstanceLeaseBackend.migrate()` takes too ("MFLK").
        static let migrationLock: Int64 = 0x4D46_4C4B
    }
#endif
