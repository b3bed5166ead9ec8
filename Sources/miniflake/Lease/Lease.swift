#if CLI
    import ArgumentParser

    /// `miniflake lease`: looks at and prepares the stores instance numbers are leased from.
    struct Lease: ParsableCommand {
        /// The name, help text and subcommands ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "List instance-number leases, or create their PostgreSQL table.",
            discussion: """
                --lease (or MINIFLAKE_LEASE) says where the numbers are leased, as for \
                'miniflake serve': file (the default directory), file:DIRECTORY, or \
                postgres://USER:PASSWORD@HOST:PORT/DATABASE.

                Examples:
                  miniflake lease list
                  miniflake lease list --all --lease file:/var/lib/miniflake/leases
                  miniflake lease migrate --lease postgres://miniflake@db.internal/ids
                """,
            subcommands: [LeaseList.self, LeaseMigrate.self]
        )
    }
#endif
