#if Vapor
    import FluentKit
    import FluentSQL
    import MiniFlakePostgres

    /// A Fluent migration that installs MiniFlake's SQL (`sql/miniflake.sql`, the statements
    /// of `PostgresFlakeSQL`) in PostgreSQL: the decoding functions, `miniflake_id_at`, and the
    /// generator for backfills and triggers.
    ///
    /// ```swift
    /// app.migrations.add(FlakeSQLMigration())
    /// ```
    ///
    /// On any other database it does nothing, so that an app that runs its tests on SQLite can
    /// keep it in its list; SQLite's functions are registered per connection instead
    /// (`Database.addFlakeFunctions()` in MiniFlakeGRDB). Reverting leaves the functions
    /// installed: they hold no data, and other code may call them.
    public struct FlakeSQLMigration: AsyncMigration {
        /// Makes the migration.
        public init() {}

        /// Runs every statement on PostgreSQL, in one transaction; skips other databases.
        public func prepare(on database: any Database) async throws {
            guard let sql = database as? any SQLDatabase, sql.dialect.name == "postgresql" else { return }
            try await database.transaction { transaction in
                guard let sql = transaction as? any SQLDatabase else { return }
                for statement in PostgresFlakeSQL.statements {
                    try await sql.raw(SQLQueryString(statement)).run()
                }
            }
        }

        /// Leaves the functions in place.
        public func revert(on database: any Database) async throws {}
    }
#endif
