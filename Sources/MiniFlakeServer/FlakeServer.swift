#if Server
    import Hummingbird
    import Logging
    import MiniFlake
    import ServiceLifecycle
    import UnixSignals

    /// The HTTP ID service: builds its router and application from a
    /// ``FlakeServerConfiguration``, and runs it until SIGTERM or SIGINT.
    ///
    /// | Route | Answer |
    /// |---|---|
    /// | `GET /v1/id` | one new ID as `{"id": "…"}`, or its decimal (`Accept: text/plain`) |
    /// | `GET /v1/ids?count=N` | `{"ids": [...]}`: `N` new IDs, one batch; decimal lines with `Accept: text/plain` |
    /// | `GET /` | the ID inspector page (HTML), which uses the routes below |
    /// | `GET /v1/ids/{id}?layout=NAME` | an ID (decimal, or base32 when not all digits) taken apart, under a preset layout if named |
    /// | `POST /v1/ids/validate` | `{"results": [...]}`: a verdict for each ID sent |
    /// | `GET /health` | 200 while an instance number is held, else 503 |
    /// | `GET /metrics` | `miniflake serve` only: its Prometheus exposition (a program exports the metrics with its own backend) |
    /// | `PUT`, `DELETE /v1/accounts/{account}/installations/{installation}` | register or retire an installation (bearer token; with a registry only) |
    /// | `GET /v1/accounts/{account}/installations` | an account's installations (bearer token; with a registry only) |
    ///
    /// The routes are a ``FlakeRoutes`` collection at the root, and a ``RegistryRoutes`` one when
    /// ``FlakeServerConfiguration/registryAccess`` is set; an application of your own can mount
    /// the same collections under a prefix instead.
    ///
    /// Errors are `{"error": {"code": "...", "message": "..."}}` (see ``FlakeServerError``).
    /// `openapi.yaml` at the package root describes every route exactly.
    ///
    /// ```swift
    /// let configuration = FlakeServerConfiguration(issuer: try FlakeMaker(instance: 7))
    /// try await FlakeServer.run(configuration: configuration, host: "127.0.0.1", port: 8080)
    /// ```
    public enum FlakeServer {
        /// How long a graceful shutdown waits for requests in flight before cancelling them.
        public static let maximumGracefulShutdownDuration = Duration.seconds(10)

        /// The router of `miniflake serve`: the ``FlakeRoutes`` (and the ``RegistryRoutes`` when a
        /// registry is configured) at the root, with their middleware
        /// (errors as JSON, metrics by route), and a top-level middleware that answers a request no
        /// route matches with the service's 404, or 405 with `Allow`. An application mounts
        /// ``FlakeRoutes`` in a router of its own instead.
        static func makeServiceRouter(configuration: FlakeServerConfiguration) -> Router<BasicRequestContext> {
            let router = Router(context: BasicRequestContext.self)
            let routes = FlakeRoutes<BasicRequestContext>(configuration: configuration)
            routes.add(to: router)
            RegistryRoutes<BasicRequestContext>(configuration: configuration).add(to: router)
            // Added after every route, so that it wraps only "no route".
            router.add(
                middleware: FlakeUnmatchedMiddleware<BasicRequestContext>(
                    metrics: configuration.metrics, logger: configuration.logger, routes: routes.includedRoutes,
                    includesRegistry: configuration.registryAccess != nil))
            return router
        }

        /// The service as a Hummingbird application, ready to run or to test.
        ///
        /// Each connection answers `GET /v1/id` on its event loop, before the router, whenever the
        /// generator has an ID ready: the same body, headers and metrics as the router's endpoint,
        /// for a fraction of the cost. A request at the lead limit, or one the issuer refuses,
        /// still goes through the router and its middleware. ``FlakeRoutes`` mounted in an
        /// application of your own answer through the router only.
        ///
        /// - Parameters:
        ///   - configuration: What to serve.
        ///   - host: The address to listen on; loopback by default.
        ///   - port: The port to listen on; 0 picks a free one.
        ///   - onListening: Called once with the bound host and port, after the service logs
        ///     `listening on http://HOST:PORT`.
        public static func makeApplication(
            configuration: FlakeServerConfiguration,
            host: String = "127.0.0.1",
            port: Int = 8080,
            onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
        ) -> Application<RouterResponder<BasicRequestContext>> {
            let logger = configuration.logger
            let serverName = "miniflake"
            return Application(
                router: makeServiceRouter(configuration: configuration),
                server: .http1WithNewIDFastPath(configuration: configuration, serverName: serverName),
                configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: serverName),
                onServerRunning: { channel in
                    let address = channel.localAddress
                    let boundHost = address?.ipAddress ?? host
                    let boundPort = address?.port ?? port
                    let shownHost = boundHost.contains(":") ? "[\(boundHost)]" : boundHost
                    logger.info(
                        "listening on http://\(shownHost):\(boundPort)",
                        metadata: [
                            "layout": "\(configuration.issuer.layout.name)",
                            "instance": "\(configuration.issuer.currentInstanceNumber.map(String.init) ?? "none")",
                        ])
                    await onListening(boundHost, boundPort)
                },
                logger: logger)
        }

        /// Runs the service until SIGTERM or SIGINT, then shuts it down gracefully: it stops
        /// accepting connections, lets requests in flight finish (for at most
        /// ``maximumGracefulShutdownDuration``), and returns.
        ///
        /// - Parameters:
        ///   - configuration: What to serve.
        ///   - host: The address to listen on.
        ///   - port: The port to listen on; 0 picks a free one.
        ///   - services: Services that run in the same group, started before the HTTP server
        ///     and shut down after it, such as a ``FlakeLeaseService``.
        ///   - onListening: Called once with the bound host and port.
        /// - Throws: When the address cannot be bound, or the server or a service fails.
        public static func run(
            configuration: FlakeServerConfiguration,
            host: String,
            port: Int,
            services: [any Service] = [],
            onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
        ) async throws {
            let application = makeApplication(
                configuration: configuration, host: host, port: port, onListening: onListening)
            // A group shuts its services down in reverse order: the HTTP server first.
            var group = ServiceGroupConfiguration(
                services: services + [application], gracefulShutdownSignals: [.sigterm, .sigint],
                logger: configuration.logger)
            group.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
            try await ServiceGroup(configuration: group).run()
            configuration.logger.info("stopped")
        }
    }
#endif
