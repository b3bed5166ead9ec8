#if CLI
    import ArgumentParser

    /// The `--lease` option that `serve` and the `lease` commands share.
    struct LeaseOptions: ParsableArguments {
        /// The lease given, or `nil` for `MINIFLAKE_LEASE` or the default.
        @Option(
            help: ArgumentHelp(
                "Where instance numbers are leased: \(LeaseSpec.forms). Default: $MINIFLAKE_LEASE, else file (the default directory).",
                valueName: "lease"),
            transform: { text in
                SecretBearing(text) { text throws(ValidationError) in try LeaseSpec(text, source: "--lease") }
            })
        var lease: SecretBearing<LeaseSpec>?

        /// Whether the PostgreSQL lease's database confirms every commit on each standby a
        /// failover can promote.
        @Flag(
            help: ArgumentHelp(
                "The PostgreSQL lease's database confirms every commit on each standby a failover can promote (Aurora, a synchronous standby): no claim waits out a takeover, and no WAL function is called. Default: on when $MINIFLAKE_LEASE_SYNCHRONOUSLY_REPLICATED is 1 or true."
            ))
        var leaseSynchronouslyReplicated = false

        /// Whether the PostgreSQL lease is synchronously replicated: the flag, else
        /// `MINIFLAKE_LEASE_SYNCHRONOUSLY_REPLICATED` (`1` or `true`).
        func synchronouslyReplicated(environment: (String) -> String? = ProcessEnvironment.variable) -> Bool {
            leaseSynchronouslyReplicated
                || ["1", "true"].contains(environment("MINIFLAKE_LEASE_SYNCHRONOUSLY_REPLICATED")?.lowercased() ?? "")
        }

        /// Refuses a `--lease` that is none of the forms, in words that leave out what follows
        /// the scheme (it may be a password).
        func validate() throws {
            _ = try lease?.value()
        }

        /// The lease from the option, else from `MINIFLAKE_LEASE`, else `nil`.
        ///
        /// - Throws: `ValidationError` for a variable that is none of the forms.
        func given(environment: (String) -> String? = ProcessEnvironment.variable) throws -> LeaseSpec? {
            try Sourced.from(lease?.value(), named: "--lease", else: "MINIFLAKE_LEASE", in: environment) {
                try LeaseSpec($0, source: $1)
            }?.value
        }

        /// The lease from the option, else from `MINIFLAKE_LEASE`, else the file lease in the
        /// default directory.
        ///
        /// - Throws: `ValidationError` for a variable that is none of the forms.
        func resolved(environment: (String) -> String? = ProcessEnvironment.variable) throws -> LeaseSpec {
            try given(environment: environment) ?? .file(directory: nil)
        }
    }
#endif
