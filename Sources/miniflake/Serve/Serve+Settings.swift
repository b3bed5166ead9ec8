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
            /// The layout.
            let layout: FlakeLayout
            /// The largest batch.
            let maximumBatchCount: Int
            /// The log level.
            let logLevel: Logger.Level
            /// The instance registry to serve, or `nil` for none.
            var registry: RegistryOptions.Resolved? = nil
        }

        /// Checks and converts the options; a missing option takes its environment variable
        /// (through ``Given/from(_:named:else:in:)``), else its default.
        ///
        /// - Throws: `ValidationError` (exit status 2) for the first value that is wrong, in the
        ///   order of the options in help, or for options that cannot be combined.
        func settings(
            environment: (String) -> String? = ArgumentValues.environment,
            hostName: () -> String? = ArgumentValues.hostName
        ) throws -> Settings {
            let layout = try layoutOptions.resolved()
            let address =
                Given.from(host, named: "--host", else: "MINIFLAKE_HOST", in: environment)?.text ?? Self.defaultHost
            guard !address.isEmpty else {
                throw ValidationError("invalid host '': give an address such as 127.0.0.1")
            }
            let portNumber =
                try Given.from(port, named: "--port", else: "MINIFLAKE_PORT", in: environment)?
                .read("port", "must be a number in \(Port.range)").number ?? Self.defaultPort
            // An option on the command line beats either variable; the two options, or the two
            // variables, cannot be combined.
            if instance != nil, leaseOptions.lease != nil {
                throw ValidationError(
                    "--instance and --lease cannot be used together: give a number or a lease, not both")
            }
            let givenInstance = Given.from(
                instance, named: "--instance", else: leaseOptions.lease == nil ? "MINIFLAKE_INSTANCE" : nil,
                in: environment)
            let givenLease = Given.from(
                leaseOptions.lease, named: "--lease", else: instance == nil ? "MINIFLAKE_LEASE" : nil,
                in: environment)
            if givenInstance?.source == "MINIFLAKE_INSTANCE", givenLease?.source == "MINIFLAKE_LEASE" {
                throw ValidationError(
                    "MINIFLAKE_INSTANCE and MINIFLAKE_LEASE are both set: set one, or give --instance or --lease")
            }
            let lease = try givenLease.map { try LeaseSpec($0) } ?? .file(directory: nil)
            let offset = Given.from(
                instanceOffset, named: "--instance-offset", else: "MINIFLAKE_INSTANCE_OFFSET", in: environment)
            var instanceNumber: Int?
            var instanceSource: String?
            if let givenInstance, givenInstance.value == .ordinal {
                (instanceNumber, instanceSource) = try Self.ordinalInstance(
                    offset: offset, layout: layout, source: givenInstance.source, environment: environment,
                    hostName: hostName)
            } else if let offset {
                throw ValidationError("\(offset.source) goes with --instance ordinal only")
            } else if let givenInstance {
                let why =
                    "must be a number in 0...\(layout.maximumInstanceNumber) for the \(layout.name) layout"
                guard case .number(let number)? = givenInstance.value, number <= layout.maximumInstanceNumber
                else { throw givenInstance.invalid("instance", why) }
                instanceNumber = number
                instanceSource = givenInstance.source
            }
            let maximumBatchCount =
                try Given.from(maxBatch, named: "--max-batch", else: nil, in: environment)?
                .read("count", "must be a positive number", accepting: { $0.value > 0 }).value
                ?? FlakeServerConfiguration.defaultMaximumBatchCount
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw ValidationError(
                    "invalid level '\(logLevel.prefix(40))' for --log-level: must be one of "
                        + Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return Settings(
                host: address, port: portNumber, instance: instanceNumber, instanceSource: instanceSource,
                lease: lease, layout: layout, maximumBatchCount: maximumBatchCount, logLevel: level,
                registry: try registryOptions.resolved(environment: environment))
        }
    }
#endif
