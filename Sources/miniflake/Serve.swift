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
    import MiniFlakeServer

    /// `miniflake serve`: runs the HTTP ID service until SIGTERM or SIGINT.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve new IDs, decoding and validation over HTTP.",
            discussion: """
                Routes: GET /v1/id, GET /v1/ids?count=N (N up to --max-batch), GET /v1/ids/{id}, \
                POST /v1/ids/validate, GET /health and GET /metrics (Prometheus); openapi.yaml \
                describes them. Without --instance, the service takes a free instance number from \
                this process's pool and logs which; give --instance to keep several servers' IDs \
                apart. The log goes to standard error and says 'listening on http://HOST:PORT' once \
                the port is bound (--port 0 picks a free port). SIGTERM or SIGINT stops accepting \
                connections, lets requests in flight finish, and exits with status 0.

                Environment: MINIFLAKE_HOST, MINIFLAKE_PORT and MINIFLAKE_INSTANCE stand in for \
                --host, --port and --instance when those are not given.

                Examples:
                  miniflake serve --instance 7
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

        /// The instance number, as given, or `nil` for the environment or the pool.
        @Option(
            help: ArgumentHelp(
                "The generator's instance number, 0 to the layout's maximum (1023 for miniflake). Default: $MINIFLAKE_INSTANCE, else a free number from the in-process pool.",
                valueName: "number"))
        var instance: String?

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
            /// The instance number, or `nil` for the pool.
            let instance: Int?
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
            var instanceNumber: Int?
            if case (let text, let source)? = Self.value(
                instance, "--instance", environment("MINIFLAKE_INSTANCE"), "MINIFLAKE_INSTANCE")
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
                host: host, port: portNumber, instance: instanceNumber, layout: layout,
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
            // The service waits for the clock itself, suspending the request rather than
            // blocking a thread, so the generator must fail at its lead limit, not wait.
            let maker: FlakeMaker
            if let instance = settings.instance {
                maker = try FlakeMaker(instance: instance, layout: settings.layout, leadPolicy: .fail)
            } else {
                maker = try InProcessFlakeMaker(layout: settings.layout, leadPolicy: .fail)
                logger.info(
                    "using instance \(maker.instanceNumber) from the in-process pool",
                    metadata: ["layout": "\(settings.layout.name)"])
            }
            guard settings.maximumBatchCount <= maker.maximumBatchCount else {
                throw ValidationError(
                    "invalid count '\(settings.maximumBatchCount)' for --max-batch: the \(settings.layout.name) "
                        + "generator makes at most \(maker.maximumBatchCount) IDs at once")
            }
            let configuration = FlakeServerConfiguration(
                issuer: maker, maximumBatchCount: settings.maximumBatchCount, logger: logger)
            try await FlakeServer.run(configuration: configuration, host: settings.host, port: settings.port)
        }
    }
#endif
