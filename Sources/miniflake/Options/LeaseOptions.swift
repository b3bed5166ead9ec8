#if CLI
    import ArgumentParser

    /// The `--lease` option that `serve` and the `lease` commands share.
    struct LeaseOptions: ParsableArguments {
        /// The lease as given, or `nil` for `MINIFLAKE_LEASE` or the default.
        @Option(
            help: ArgumentHelp(
                "Where instance numbers are leased: \(LeaseSpec.forms). Default: $MINIFLAKE_LEASE, else file (the default directory).",
                valueName: "lease"))
        var lease: Given<LeaseSpec>?

        /// The lease from the option, else from `MINIFLAKE_LEASE`, else `nil`.
        ///
        /// - Throws: `ValidationError` for a value that is none of the forms.
        func given(environment: (String) -> String? = ArgumentValues.environment) throws -> LeaseSpec? {
            try Given.from(lease, named: "--lease", else: "MINIFLAKE_LEASE", in: environment).map { try LeaseSpec($0) }
        }

        /// The lease from the option, else from `MINIFLAKE_LEASE`, else the file lease in the
        /// default directory.
        ///
        /// - Throws: `ValidationError` for a value that is none of the forms.
        func resolved(environment: (String) -> String? = ArgumentValues.environment) throws -> LeaseSpec {
            try given(environment: environment) ?? .file(directory: nil)
        }
    }
#endif
