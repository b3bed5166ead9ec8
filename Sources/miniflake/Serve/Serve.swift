#if CLI && Server
    import ArgumentParser
    import Logging
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeRegistry
    import MiniFlakeServer
    import NIOCore

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
                --instance and --lease cannot be combined. In a Kubernetes StatefulSet, \
                --instance ordinal takes the pod's ordinal (from $MINIFLAKE_POD_INDEX, set from the \
                apps.kubernetes.io/pod-index label through the downward API, else from the end of \
                the host name), plus --instance-offset. 'miniflake lease list' shows who holds \
                which number.

                Instance registry: with a bearer token (--registry-token-file FILE, else \
                $MINIFLAKE_REGISTRY_TOKEN) the service also hands instance numbers to the \
                installations of each account (PUT/DELETE /v1/accounts/{account}/installations/\
                {installation}, GET /v1/accounts/{account}/installations), for sync servers in any \
                language; every such request sends 'Authorization: Bearer TOKEN'. --registry says \
                where it is kept: sqlite:PATH (the default, sqlite:miniflake-registry.sqlite in the \
                working directory) or a postgres:// URL (needs the Postgres trait).

                The log goes to standard error and says 'listening on http://HOST:PORT' once the \
                port is bound (--port 0 picks a free port). SIGTERM or SIGINT stops accepting \
                connections, lets requests in flight finish, releases the leased number, and \
                exits with status 0.

                Environment: MINIFLAKE_HOST, MINIFLAKE_PORT, MINIFLAKE_INSTANCE and \
                MINIFLAKE_LEASE stand in for --host, --port, --instance and --lease when those are \
                not given, MINIFLAKE_INSTANCE_OFFSET for --instance-offset and MINIFLAKE_REGISTRY \
                for --registry.

                Examples:
                  miniflake serve                            a number leased on this host
                  miniflake serve --instance 7
                  miniflake serve --instance ordinal --instance-offset 512
                  miniflake serve --lease file:/var/lib/miniflake/leases
                  miniflake serve --lease postgres://miniflake:secret@db.internal:5432/ids
                  MINIFLAKE_PORT=9000 miniflake serve --host 0.0.0.0 --instance 7
                  miniflake serve --registry sqlite:/var/lib/miniflake/registry.sqlite \\
                    --registry-token-file /run/secrets/miniflake-registry-token
                  curl -s localhost:8080/v1/id
                  curl -s -H 'Accept: text/plain' 'localhost:8080/v1/ids?count=5'
                """
        )

        /// The address to listen on, or `nil` for `MINIFLAKE_HOST` or the default.
        @Option(
            help: ArgumentHelp(
                "The address to listen on. Default: $MINIFLAKE_HOST, else \(Self.defaultHost).", valueName: "address"),
            transform: HostAddress.init(parsing:))
        var host: HostAddress?

        /// The port, or `nil` for `MINIFLAKE_PORT` or the default.
        @Option(
            help: ArgumentHelp(
                "The TCP port, 0 for any free one. Default: $MINIFLAKE_PORT, else \(Self.defaultPort).",
                valueName: "port"),
            transform: Port.init(parsing:))
        var port: Port?

        /// The instance number or `ordinal`, or `nil` for the environment or a lease.
        @Option(
            help: ArgumentHelp(
                "The generator's instance number, 0 to the layout's maximum (1023 for miniflake), or 'ordinal' for the pod's StatefulSet ordinal (Kubernetes). Default: $MINIFLAKE_INSTANCE, else a leased number (see --lease).",
                valueName: "number|ordinal"),
            transform: InstanceSpec.init(parsing:))
        var instance: InstanceSpec?

        /// What to add to a StatefulSet ordinal, or `nil` for `MINIFLAKE_INSTANCE_OFFSET` or 0.
        @Option(
            name: .customLong("instance-offset"),
            help: ArgumentHelp(
                "With --instance ordinal: a number added to the ordinal, so that several StatefulSets share a layout without overlap. Default: $MINIFLAKE_INSTANCE_OFFSET, else 0.",
                valueName: "number"),
            transform: InstanceOffset.init(parsing:))
        var instanceOffset: InstanceOffset?

        /// Where to lease the instance number.
        @OptionGroup var leaseOptions: LeaseOptions

        /// The layout of the IDs.
        @OptionGroup var layoutOptions: LayoutOptions

        /// The instance registry to serve, if any.
        @OptionGroup var registryOptions: RegistryOptions

        /// The largest batch, or `nil` for the default.
        @Option(
            name: .customLong("max-batch"),
            help: ArgumentHelp(
                "The largest count GET /v1/ids accepts. (default: \(FlakeServerConfiguration.defaultMaximumBatchCount))",
                valueName: "count"),
            transform: IDCount.init(parsing:))
        var maxBatch: IDCount?

        /// The number of event loops, or `nil` for the CPUs the process may run on. `main.swift`
        /// reads it from the raw arguments (``ServeThreads``), since the loops start before
        /// parsing; this declaration gives it help and checks it.
        @Option(
            help: ArgumentHelp(
                "How many event loops (threads) serve requests, 1 to 1024. Default: the CPUs this process may run on: its affinity mask (taskset), cgroup quota and cpuset.",
                valueName: "count"))
        var threads: Int?

        /// The log level.
        @Option(
            name: .customLong("log-level"),
            help: ArgumentHelp(
                "The least severe messages logged: \(LogLevel.names.joined(separator: ", ")). (default: info)",
                valueName: "level"),
            completion: .list(LogLevel.names),
            transform: LogLevel.init(parsing:))
        var logLevel: LogLevel = .info

        /// The address `--host` and `MINIFLAKE_HOST` default to.
        static let defaultHost = "127.0.0.1"
        /// The port `--port` and `MINIFLAKE_PORT` default to.
        static let defaultPort = 8080

        /// Refuses a thread count outside 1...1024.
        func validate() throws {
            if let threads, !(1...1024).contains(threads) {
                throw ValidationError("invalid count '\(threads)' for --threads: give 1 to 1024")
            }
        }

        /// Runs the service until a signal stops it.
        func run() async throws {
            let settings = try settings()
            var logger = Logger(label: "miniflake.serve")
            logger.logLevel = settings.logLevel
            logger.info("\(NIOSingletons.groupLoopCountSuggestion) event loops")
            let largest = try FlakeMaker.maximumBatchCount(layout: settings.layout)
            guard settings.maximumBatchCount <= largest else {
                throw ValidationError(
                    "invalid count '\(settings.maximumBatchCount)' for --max-batch: the \(settings.layout.name) "
                        + "generator makes at most \(largest) IDs at once")
            }
            if let source = settings.instanceSource, let number = settings.instance {
                logger.info("instance \(number) from \(source)")
            }
            if let instance = settings.instance {
                // The service waits for the clock by suspending the request, never a thread.
                try await serve(
                    try FlakeMaker(instance: instance, layout: settings.layout), settings: settings,
                    logger: logger)
                return
            }
            // A PostgreSQL client runs before the claim and stops only after the lease is released.
            try await settings.lease.withBackend(
                layout: settings.layout, synchronouslyReplicated: settings.leaseSynchronouslyReplicated
            ) { backend in
                try await serveLeased(backend, settings: settings, logger: logger)
            }
        }

        /// Claims a number from the backend and serves with it; the lease is renewed in the
        /// server's service group and released after the last request in flight.
        private func serveLeased(
            _ backend: any InstanceLeaseBackend, settings: Settings, logger: Logger
        ) async throws {
            let place = settings.lease.description
            let maximumLead = Duration.seconds(1)
            // How long a takeover waits, and how far ahead of the clock any claim reserves.
            let takeover = backend.leaseDuration + maximumLead
            let markCheck = ClaimedMarkCheck(layout: backend.layout, usualLead: takeover)
            let issuer = try await ClaimProgress.logging(place: place, takeover: takeover, logger: logger) {
                try await LeasedFlakeIssuer(
                    backend: backend, maximumLead: maximumLead,
                    configuration: LeasedFlakeIssuer.Configuration(onEvent: {
                        Self.log($0, place: place, markCheck: markCheck, logger: logger)
                    }))
            }
            do {
                try await serve(
                    issuer, settings: settings, logger: logger, services: [FlakeLeaseService(issuer: issuer)])
            } catch {
                await issuer.release()
                throw error
            }
        }

        /// Runs the HTTP service with an issuer and the services that go with it, and with the
        /// instance registry when one is configured.
        private func serve(
            _ issuer: any FlakeIssuer, settings: Settings, logger: Logger, services: [FlakeLeaseService] = []
        ) async throws {
            // The metrics system is bootstrapped before the service makes its metrics.
            let metricsEndpoint = ServeMetrics.endpoint
            var configuration = FlakeServerConfiguration(
                issuer: issuer, maximumBatchCount: settings.maximumBatchCount, logger: logger)
            configuration.metricsEndpoint = metricsEndpoint
            guard let registry = settings.registry else {
                try await FlakeServer.run(
                    configuration: configuration, host: settings.host, port: settings.port, services: services)
                return
            }
            let registrySettings = InstanceRegistryConfiguration(
                layout: settings.layout, reuseHorizon: .seconds(Int64(registry.reuseHorizonDays) * 86_400))
            try await registry.spec.withRegistry(settings: registrySettings) { opened in
                logger.info(
                    "serving \(registry.spec) under /v1/accounts, token from \(registry.tokenSource)",
                    metadata: ["reuseHorizonDays": "\(registry.reuseHorizonDays)"])
                configuration.registryAccess = RegistryAccess(registry: opened, bearerToken: registry.token)
                try await FlakeServer.run(
                    configuration: configuration, host: settings.host, port: settings.port, services: services)
            }
        }

        /// Logs what happened to the lease: claims and releases as information, trouble as
        /// warnings and errors (a claimed mark far ahead of the clock among them), renewals for
        /// debugging.
        private static func log(_ event: LeaseEvent, place: String, markCheck: ClaimedMarkCheck, logger: Logger) {
            switch event {
            case .claimed(let lease):
                logger.info("claimed instance \(lease.instanceNumber) from \(place)")
                let now = FlakeClock.system.millisecondsSince1970()
                if let excess = markCheck.excess(of: lease, nowMillisecondsSince1970: now) {
                    logger.warning("\(ClaimedMarkCheck.message(instanceNumber: lease.instanceNumber, excess: excess))")
                }
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
