#if Server
    import Hummingbird
    import MiniFlake

    // Fix-its for the names of MiniFlakeServer 0.2.0 that 1.0 renamed or changed: each is
    // declared `unavailable`, so code written against 0.2.0 fails to compile with a message (and,
    // where the call maps one to one, a `renamed:` fix-it) that says what to write instead.
    //
    // None of these bodies can run: the compiler refuses every use of an unavailable declaration
    // outside another unavailable declaration. They still need bodies to compile; each calls the
    // 1.0 API closest to it (`FlakeServerMetrics(registry:)`'s swift-prometheus registry has no
    // 1.0 counterpart, so its body takes the bootstrapped factory). `FlakeServerMetrics`'
    // `registry`, `names` and `render()` are gone with no replacement in this module and have no
    // declaration here.

    extension FlakeServerError {
        /// The 0.2.0 name of ``retryAfter``, in whole seconds.
        @available(*, unavailable, renamed: "retryAfter", message: "it is a Duration")
        public var retryAfterSeconds: Int? { retryAfter?.retryAfterHeaderSeconds }

        /// The 0.2.0 initializer that took whole seconds.
        @available(
            *, unavailable, renamed: "init(_:code:message:retryAfter:allowedMethods:)",
            message: "the delay is a Duration: .seconds(n)"
        )
        public init(
            _ status: HTTPResponse.Status,
            code: Code,
            message: String,
            retryAfterSeconds: Int?,
            allowedMethods: [HTTPRequest.Method] = []
        ) {
            self.init(
                status, code: code, message: message, retryAfter: retryAfterSeconds.map { .seconds($0) },
                allowedMethods: allowedMethods)
        }
    }

    extension FlakeRoutes {
        /// Whether the 0.2.0 routes served `GET /metrics`; 1.0's never do.
        @available(
            *, unavailable,
            message: """
                FlakeRoutes no longer serves GET /metrics: its metrics go to the MetricsSystem your \
                application bootstrapped; expose them with that backend
                """
        )
        public var includesMetrics: Bool { false }

        /// The 0.2.0 initializer that could include `GET /metrics`.
        @available(
            *, unavailable, renamed: "init(configuration:context:includesInspector:includesHealth:)",
            message: """
                drop includesMetrics:: the routes' metrics go to the MetricsSystem your application \
                bootstrapped; expose them with that backend
                """
        )
        public init(
            configuration: FlakeServerConfiguration,
            context: Context.Type = Context.self,
            includesInspector: Bool = true,
            includesHealth: Bool = true,
            includesMetrics: Bool
        ) {
            self.init(
                configuration: configuration, context: context, includesInspector: includesInspector,
                includesHealth: includesHealth)
        }
    }

    extension FlakeServerMetrics {
        /// The 0.2.0 initializer that registered the metrics in a swift-prometheus registry.
        @available(
            *, unavailable, renamed: "init(factory:)",
            message: """
                the metrics go through swift-metrics: bootstrap MetricsSystem with your backend \
                (PrometheusMetricsFactory(registry:) for swift-prometheus), or pass its factory
                """
        )
        public convenience init<Registry>(registry: Registry) {
            self.init()
        }
    }

    extension FlakeServer {
        /// The 0.2.0 router of the whole service; 1.0 keeps it to `miniflake serve`.
        @available(
            *, unavailable,
            message: """
                add FlakeRoutes (and RegistryRoutes) to a router of your own with add(to:atPath:); \
                in tests, drive makeApplication(configuration:host:port:onListening:)
                """
        )
        public static func makeRouter(configuration: FlakeServerConfiguration) -> Router<BasicRequestContext> {
            makeServiceRouter(configuration: configuration)
        }
    }
#endif
