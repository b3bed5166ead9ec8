#if CLI && Server
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import ArgumentParser
    import Logging
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeServer

    /// `miniflake serve`: runs the HTTP ID service until SIGTERM or SIGINT.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve new IDs, decoding and validation over HTTP.",
            discussion: """
                Routes: GET /v1/id, GET /v1/ids?count=N (N up to --max-batch), GET /v1/ids/{id}, \
                POST /v1/ids/validate, GET /health and GET /metrics (Prometheus); openapi.yaml \
                describes them.

                Instance numbers: --instance N uses the number you give, which no other live \
                generator may use. --lease leases a free number instead and logs which: \
                'file' or 'file:DIRECTORY' from locked files shared by the processes of one host \
                (the default, in $XDG_CACHE_HOME/miniflake/leases or ~/.cache/miniflake/leases), \
                'postgres://USER:PASSWORD@HOST:PORT/DATABASE' from a table shared by many hosts \
                (created on first use; ?sslmode=disable|prefer|require|verify-ca|verify-full). \
                --instance and --lease cannot be combined. 'miniflake lease list' shows who holds \
                which number.

                The log goes to standard error and says 'listening on http://HOST:PORT' once the \
                port is bound (--port 0 picks a free port). SIGTERM or SIGINT stops accepting \
                connections, lets requests in flight finish, releases the leased number, and \
                exits with status 0.

                Environment: MINIFLAKE_HOST, MINIFLAKE_PORT, MINIFLAKE_INSTANCE and \
                MINIFLAKE_LEASE stand in for --host, --port, --instance and --lease when those are \
                not given.

                Examples:
                  miniflake serve                            a number leased on this host
                  miniflake serve --instance 7
                  miniflake serve --lease file:/var/lib/miniflake/leases
                  miniflake serve --lease postgres://miniflake:secret@db.internal:5432/ids
                  MINIFLAKE_PORT=9000 miniflake serve --host 0.0.0.0 --instance 7
                  curl -s localhost:8080/v1/id
                  curl -s -H 'Accept: text/plain' 'localhost:8080/v1/ids?count=5'
                """
        )

        /// The address to listen on, as given.
        @Option(
            help: ArgumentHelp(
                "The address to listen on. Default: $MINIFLAKE_HOST, else \(Self.defaultHost).", valueName: "address"))
        var host: String?

        /// The port, as given.
        @Option(
            help: ArgumentHelp(
                "The TCP port, 0 for any free one. Default: $MINIFLAKE_PORT, else \(Self.defaultPort).",
                valueName: "port"))
        var port: String?

        /// The instance number, as given, or `nil` for the environment or a lease.
        @Option(
            help: ArgumentHelp(
                "The generator's instance number, 0 to the layout's maximum (1023 for miniflake). Default: $MINIFLAKE_INSTANCE, else a leased number (see --lease).",
                valueName: "number"))
        var instance: String?

        /// Where to lease the instance number.
        @OptionGroup var leaseOptions: LeaseOptions

        /// The layout of the IDs.
        @OptionGroup var layoutOptions: LayoutOptions

        /// The largest batch, as given.
        @Option(
            name: .customLong("max-batch"),
            help: ArgumentHelp(
                "The largest count GET /v1/ids accepts. Default: \(FlakeServerConfiguration.defaultMaximumBatchCount).",
                valueName: "count"))
        var maxBatch: String?

        /// The log level, as given.
        @Option(
            name: .customLong("log-level"),
            help: ArgumentHelp(
                "The least severe messages logged: trace, debug, info, notice, warning, error or critical.",
                valueName: "level"))
        var logLevel: String = "info"

        static let defaultHost = "127.0.0.1"
        static let defaultPort = 8080

        /// The options, checked and converted, with the environment's values filled in.
        struct Settings {
            /// The address to listen on.
            let host: String
            /// The port; 0 for any free one.
            let port: Int
            /// The instance number given, or `nil` to lease one.
            let instance: Int?
            /// Where to lease the number when none is given.
            let lease: LeaseSpec
            /// The layout.
            let layout: FlakeLayout
            /// The largest batch.
            let maximumBatchCount: Int
            /// The log level.
            let logLevel: Logger.Level
        }

        /// Checks and converts the options; a missing option takes its environment variable.
        func settings(environment: (String) -> String? = Self.environment) throws -> Settings {
            let layout = try layoutOptions.resolved()
            let host = host ?? environment("MINIFLAKE_HOST") ?? Self.defaultHost
            guard !host.isEmpty else {
                throw ValidationError("invalid host '': give an address such as 127.0.0.1")
            }
            var portNumber = Self.defaultPort
            if case (let text, let source)? = Self.value(
                port, "--port", environment("MINIFLAKE_PORT"), "MINIFLAKE_PORT")
            {
                guard let value = ArgumentValues.wholeNumber(text), value <= 65_535 else {
                    throw ValidationError(
                        "invalid port '\(text.prefix(40))' for \(source): must be a number in 0...65535")
                }
                portNumber = value
            }
            // An option on the command line beats either variable; the two options, or the two
            // variables, cannot be combined.
            if instance != nil, leaseOptions.lease != nil {
                throw ValidationError(
                    "--instance and --lease cannot be used together: give a number or a lease, not both")
            }
            let instanceVariable = leaseOptions.lease == nil ? environment("MINIFLAKE_INSTANCE") : nil
            let leaseVariable = instance == nil ? environment("MINIFLAKE_LEASE") : nil
            if instance == nil, leaseOptions.lease == nil, instanceVariable != nil, leaseVariable != nil {
                throw ValidationError(
                    "MINIFLAKE_INSTANCE and MINIFLAKE_LEASE are both set: set one, or give --instance or --lease")
            }
            let lease = try leaseOptions.resolved { $0 == "MINIFLAKE_LEASE" ? leaseVariable : environment($0) }
            var instanceNumber: Int?
            if case (let text, let source)? = Self.value(instance, "--instance", instanceVariable, "MINIFLAKE_INSTANCE")
            {
                guard let value = ArgumentValues.wholeNumber(text), value <= layout.maximumInstanceNumber else {
                    throw ValidationError(
                        "invalid instance '\(text.prefix(40))' for \(source): must be a number in "
                            + "0...\(layout.maximumInstanceNumber) for the \(layout.name) layout")
                }
                instanceNumber = value
            }
            var maximumBatchCount = FlakeServerConfiguration.defaultMaximumBatchCount
            if let maxBatch {
                guard let value = ArgumentValues.wholeNumber(maxBatch), value > 0 else {
                    throw ValidationError(
                        "invalid count '\(maxBatch.prefix(40))' for --max-batch: must be a positive number")
                }
                maximumBatchCount = value
            }
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw ValidationError(
                    "invalid level '\(logLevel.prefix(40))' for --log-level: must be one of "
                        + Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return Settings(
                host: host, port: portNumber, instance: instanceNumber, lease: lease, layout: layout,
                maximumBatchCount: maximumBatchCount, logLevel: level)
        }

        /// The option's value and where it came from, else the environment variable's, else `nil`.
        private static func value(
            _ option: String?, _ optionName: String, _ variable: String?, _ variableName: String
        ) -> (text: String, source: String)? {
            if let option { return (option, optionName) }
            if let variable { return (variable, variableName) }
            return nil
        }

        /// Reads an environment variable.
        static func environment(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }
        }

        /// Rejects bad options and environment values while parsing, so they exit with status 2.
        func validate() throws {
            _ = try settings()
        }

        /// Runs the service until a signal stops it.
        func run() async throws {
            let settings = try settings()
            var logger = Logger(label: "miniflake.serve")
            logger.logLevel = settings.logLevel
            let largest = try FlakeMaker.maximumBatchCount(layout: settings.layout)
            guard settings.maximumBatchCount <= largest else {
                throw ValidationError(
                    "invalid count '\(settings.maximumBatchCount)' for --max-batch: the \(settings.layout.name) "
                        + "generator makes at most \(largest) IDs at once")
            }
            if let instance = settings.instance {
                // The service waits for the clock by suspending the request, never a thread.
                try await serve(
                    try FlakeMaker(instance: instance, layout: settings.layout, leadPolicy: .fail), settings: settings,
                    logger: logger)
                return
            }
            // A PostgreSQL client runs before the claim and stops only after the lease is released.
            try await settings.lease.withBackend(layout: settings.layout) { backend in
                try await serveLeased(backend, settings: settings, logger: logger)
            }
        }

        /// Claims a number from the backend and serves with it; the lease is renewed in the
        /// server's service group and released after the last request in flight.
        private func serveLeased(
            _ backend: any InstanceLeaseBackend, settings: Settings, logger: Logger
        ) async throws {
            let place = settings.lease.description
            let issuer = try await LeasedFlakeIssuer(
                backend: backend, leadPolicy: .fail,
                configuration: LeasedFlakeIssuer.Configuration(onEvent: { Self.log($0, place: place, logger: logger) }))
            do {
                try await serve(
                    issuer, settings: settings, logger: logger, services: [FlakeLeaseService(issuer: issuer)])
            } catch {
                await issuer.release()
                throw error
            }
        }

        /// Runs the HTTP service with an issuer and the services that go with it.
        private func serve(
            _ issuer: any FlakeIssuer, settings: Settings, logger: Logger, services: [FlakeLeaseService] = []
        ) async throws {
            let configuration = FlakeServerConfiguration(
                issuer: issuer, maximumBatchCount: settings.maximumBatchCount, logger: logger)
            try await FlakeServer.run(
                configuration: configuration, host: settings.host, port: settings.port, services: services)
        }

        /// Logs what happened to the lease: claims and releases as information, trouble as
        /// warnings and errors, renewals for debugging.
        private static func log(_ event: LeaseEvent, place: String, logger: Logger) {
            switch event {
            case .claimed(let lease):
                logger.info("claimed instance \(lease.instanceNumber) from \(place)")
            case .claimFailed(let error):
                logger.warning("could not claim an instance number from \(place): \(error); retrying")
            case .renewed(let lease):
                logger.debug("renewed the lease on instance \(lease.instanceNumber)")
            case .renewalFailed(let number, let error):
                logger.warning("could not renew the lease on instance \(number): \(error); retrying")
            case .expired(let number):
                logger.error("the lease on instance \(number) ran out; no IDs until it is renewed")
            case .lost(let number):
                logger.error("lost the lease on instance \(number); claiming another number")
            case .released(let number, _):
                logger.info("released instance \(number)")
            case .releaseFailed(let number, let error):
                logger.warning("could not release instance \(number): \(error); it runs out on its own")
            }
        }
    }
#endif
