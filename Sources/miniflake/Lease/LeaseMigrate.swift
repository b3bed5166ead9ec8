#if CLI
    import ArgumentParser
    import MiniFlakeLease

    #if Postgres
        import MiniFlakePostgres
    #endif

    /// `miniflake lease migrate`: creates the PostgreSQL lease table.
    struct LeaseMigrate: AsyncIOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            commandName: "migrate",
            abstract: "Create the PostgreSQL table instance numbers are leased from.",
            discussion: """
                Creates the miniflake_leases table when it does not exist; safe to run again and \
                from several hosts at once. 'miniflake serve' creates it on first use too, so this \
                is for setting the database up ahead of time, say with a role that may create \
                tables. A file lease needs no table.

                Exit status: 0 when the table exists; 1 when the URL is bad or the database cannot \
                be used; 2 for a usage error, such as a lease that is not postgres://.

                Examples:
                  miniflake lease migrate --lease postgres://miniflake:secret@db.internal:5432/ids
                  MINIFLAKE_LEASE=postgres://miniflake@127.0.0.1/ids miniflake lease migrate
                """
        )

        /// Where the numbers are leased; must be PostgreSQL.
        @OptionGroup var leaseOptions: LeaseOptions

        /// The PostgreSQL URL, or a usage error for anything else.
        func url() throws -> String {
            guard case .postgres(let url)? = try leaseOptions.given() else {
                throw ValidationError(
                    "lease migrate needs --lease postgres://USER:PASSWORD@HOST:PORT/DATABASE (or MINIFLAKE_LEASE); a file lease needs no table"
                )
            }
            return url
        }

        /// Creates the table and says so.
        func run(io: CommandIO) async throws -> Int32 {
            let url = try url()
            #if Postgres
                try await PostgresInstanceLeaseBackend.withBackend(url: url) { try await $0.migrate() }
                let shown = (try? PostgresLeaseURL(url).description) ?? "the database"
                try io.output.write("the \(PostgresInstanceLeaseBackend.tableName) table is ready in \(shown)\n")
                return ExitStatus.success
            #else
                // `LeaseSpec` refuses postgres:// without the trait, so `url()` already threw.
                _ = url
                throw ValidationError(LeaseSpec.postgresTraitMissing(source: "--lease"))
            #endif
        }
    }
#endif
