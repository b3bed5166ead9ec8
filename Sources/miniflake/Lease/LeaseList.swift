#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeLease

    /// `miniflake lease list`: prints a table of the leased instance numbers.
    struct LeaseList: AsyncIOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Print the instance numbers held right now: holder, expiry and high-water tick.",
            discussion: """
                One line per number, lowest first: INSTANCE, STATE (held or free), EXPIRES (ISO \
                8601 UTC; '-' for a file lease, whose locks last as long as their process), \
                HIGH-WATER (the tick every later ID with the number starts above; '-' when none is \
                stored) and HOLDER (host and process id). Only held numbers are shown unless --all \
                is given. A PostgreSQL lease lists the rows of the --layout given (miniflake by \
                default) and creates the table when it is missing.

                Exit status: 0 when the leases were listed; 1 when the directory or database \
                cannot be used or the URL is bad; 2 for a usage error.

                Examples:
                  miniflake lease list
                  miniflake lease list --all --lease file:/tmp/leases
                  MINIFLAKE_LEASE=postgres://miniflake@127.0.0.1/ids miniflake lease list
                """
        )

        /// Where the numbers are leased.
        @OptionGroup var leaseOptions: LeaseOptions

        /// The layout whose numbers are listed.
        @OptionGroup var layoutOptions: LayoutOptions

        /// Whether to list free numbers too.
        @Flag(help: "List every number the lease knows of, free ones too.")
        var all = false

        /// Lists the leases and prints them.
        func run(io: CommandIO) async throws -> Int32 {
            let lease = try leaseOptions.resolved()
            let layout = layoutOptions.resolved
            let records = try await lease.withBackend(
                layout: layout, synchronouslyReplicated: leaseOptions.synchronouslyReplicated()
            ) { try await $0.list() }
            try io.output.write(LeaseTable.text(all ? records : records.filter(\.isHeld)))
            return ExitStatus.success
        }
    }
#endif
