#if CLI && Server
    import ArgumentParser
    import Logging
    import MiniFlake
    import MiniFlakeServer

    extension Serve {
        /// The options, checked and converted, with the environment's values filled in.
        struct Settings {
            /// The address to listen on.
            let host: String
            /// The port; 0 for any free one.
            let port: Int
            /// The instance number given, or `nil` to lease one.
            let instance: Int?
            /// Where the instance number came from, for the log: `--instance`, or an ordinal.
            let instanceSource: String?
            /// Where to lease the number when none is given.
            let lease: LeaseSpec
            /// Whether the PostgreSQL lease's database is synchronously replicated.
            var leaseSynchronouslyReplicated = false
            /// The layout.
            let layout: FlakeLayout
            /// The largest batch.
            let maximumBatchCount: Int
            /// The log level.
            let logLevel: Logger.Level
            /// The instance registry to serve, or `nil` for none.
            var registry: RegistryOptions.Resolved? = nil
        }

        /// Fills in the environment's values for the options not given, else the defaults, and
        /// checks what the parser cannot check alone: the instance number against the layout,
        /// and the options or variables that cannot be combined.
        ///
        /// Every option is read once, by the parser; a missing option takes its environment
        /// variable (through ``Sourced/from(_:named:else:in:)``), which is read as the option's text
        /// would be. Called once, by ``run()``.
        ///
        /// - Throws: `ValidationError` (exit status 2) for the first value that is wrong, in the
        ///   order of the options in help, or for options that cannot be combined.
        func settings(
            environment: (String) -> String? = ProcessEnvironment.variable,
            hostName: () -> String? = ProcessEnvironment.hostName
        ) throws -> Settings {
            let layout = layoutOptions.resolved
            let address =
                try Sourced.from(host, named: "--host", else: "MINIFLAKE_HOST", in: environment)?.value.text
                ?? Self.defaultHost
            let portNumber =
                try Sourced.from(port, named: "--port", else: "MINIFLAKE_PORT", in: environment)?.value.number
                ?? Self.defaultPort
            // An option on the command line beats either variable; the two options, or the two
            // variables, cannot be combined.
            let leaseOption = try leaseOptions.lease?.value()
            if instance != nil, leaseOption != nil {
                throw ValidationError(
                    "--instance and --lease cannot be used together: give a number or a lease, not both")
            }
            let givenInstance = try Sourced.from(
                instance, named: "--instance", else: leaseOption == nil ? "MINIFLAKE_INSTANCE" : nil,
                in: environment)
            let givenLease = try Sourced.from(
                leaseOption, named: "--lease", else: instance == nil ? "MINIFLAKE_LEASE" : nil, in: environment
            ) { try LeaseSpec($0, source: $1) }
            if givenInstance?.source == "MINIFLAKE_INSTANCE", givenLease?.source == "MINIFLAKE_LEASE" {
                throw ValidationError(
                    "MINIFLAKE_INSTANCE and MINIFLAKE_LEASE are both set: set one, or give --instance or --lease")
            }
            let offset = try Sourced.from(
                instanceOffset, named: "--instance-offset", else: "MINIFLAKE_INSTANCE_OFFSET", in: environment)
            var instanceNumber: Int?
            var instanceSource: String?
            switch givenInstance?.value {
            case .ordinal?:
                (instanceNumber, instanceSource) = try Self.ordinalInstance(
                    offset: offset?.value.value ?? 0, layout: layout, source: givenInstance?.source ?? "--instance",
                    environment: environment, hostName: hostName)
            case .number(let number)?:
                if let offset { throw ValidationError("\(offset.source) goes with --instance ordinal only") }
                instanceNumber = try InstanceNumber.checked(
                    number, for: layout, from: givenInstance?.source ?? "--instance")
                instanceSource = givenInstance?.source
            case nil:
                if let offset { throw ValidationError("\(offset.source) goes with --instance ordinal only") }
            }
            return Settings(
                host: address, port: portNumber, instance: instanceNumber, instanceSource: instanceSource,
                lease: givenLease?.value ?? .file(directory: nil),
                leaseSynchronouslyReplicated: leaseOptions.synchronouslyReplicated(environment: environment),
                layout: layout,
                maximumBatchCount: maxBatch?.value ?? FlakeServerConfiguration.defaultMaximumBatchCount,
                logLevel: logLevel.level, registry: try registryOptions.resolved(environment: environment))
        }
    }
#endif
