#if Server
    import Hummingbird

    /// The routes of the ID service, for any Hummingbird application: mount them under a prefix
    /// of your choice, with your own request context.
    ///
    /// `miniflake serve` (``FlakeServer``) serves the same routes at the root of its own
    /// application. Paths below are relative to where the routes are mounted:
    ///
    /// | Route | Answer | Included |
    /// |---|---|---|
    /// | `GET /v1/id`, `GET /v1/ids?count=N` | new IDs | always |
    /// | `GET /v1/ids/{id}`, `POST /v1/ids/validate` | an ID taken apart; verdicts on IDs | always |
    /// | `GET /health` | 200 while an instance number is held, else 503 | ``includesHealth`` |
    /// | `GET /metrics` | `miniflake serve`'s Prometheus exposition | in `miniflake serve` only |
    /// | `GET /` | the ID inspector page, which calls the routes next to it | ``includesInspector`` |
    ///
    /// `POST /v1/ids/validate` takes an `account` when ``FlakeServerConfiguration/registryAccess``
    /// is set (with its bearer token); the registry's own routes are ``RegistryRoutes``.
    ///
    /// The routes carry their own middleware, which applies to them only: an error becomes the
    /// service's JSON error body (see ``FlakeServerError``), and each request is timed in
    /// `miniflake_http_request_duration_seconds` under the route the router matched, the mount
    /// prefix included (`route="/ids/v1/ids/{id}"`). A path that matches none of them is left to
    /// your application, as are your own routes.
    ///
    /// ```swift
    /// let router = Router(context: AppRequestContext.self)
    /// router.addRoutes(FlakeRoutes(configuration: configuration).collection, atPath: "/ids")
    /// ```
    public struct FlakeRoutes<Context: RequestContext>: Sendable {
        /// What the routes serve and their limits.
        public var configuration: FlakeServerConfiguration
        /// Whether `GET /` serves the ID inspector page.
        public var includesInspector: Bool
        /// Whether `GET /health` is served.
        public var includesHealth: Bool

        /// Describes the routes; every route is included by default.
        ///
        /// - Parameters:
        ///   - configuration: What to serve: the issuer, the limits, the logger and the metrics.
        ///   - context: The request context of the router the routes go to.
        ///   - includesInspector: Whether to serve the inspector page at `GET /`.
        ///   - includesHealth: Whether to serve `GET /health`.
        public init(
            configuration: FlakeServerConfiguration,
            context: Context.Type = Context.self,
            includesInspector: Bool = true,
            includesHealth: Bool = true
        ) {
            self.configuration = configuration
            self.includesInspector = includesInspector
            self.includesHealth = includesHealth
        }

        /// A new route collection holding the routes and their middleware, for
        /// `router.addRoutes(_:atPath:)`.
        public var collection: RouteCollection<Context> {
            let collection = RouteCollection(context: Context.self)
            // Added first, so that it wraps every route of the collection, and nothing else.
            collection.add(
                middleware: FlakeRoutesMiddleware<Context>(metrics: configuration.metrics, logger: configuration.logger)
            )
            addEndpoints(to: collection)
            return collection
        }

        /// Adds the routes, with their middleware, to a router or a router group.
        ///
        /// - Parameters:
        ///   - router: Where the routes go.
        ///   - path: The prefix they are mounted under; none by default.
        public func add(to router: some RouterMethods<Context>, atPath path: RouterPath = "") {
            router.addRoutes(collection, atPath: path)
        }

        /// The routes this collection serves, in the order they are added: the one list the
        /// router and the 405-or-404 answer of ``FlakeServer`` both read.
        var includedRoutes: [FlakeRoute] {
            FlakeRoute.allCases.filter { route in
                switch route {
                case .health: includesHealth
                case .metrics: configuration.metricsEndpoint != nil
                case .inspector: includesInspector
                case .id, .ids, .decode, .validate: true
                }
            }
        }

        /// Adds each included route, without middleware.
        private func addEndpoints(to collection: RouteCollection<Context>) {
            let handlers = FlakeRouteHandlers(configuration: configuration)
            // The constant `/v1/ids/validate` before `/v1/ids/{id}`, so that it wins.
            for route in includedRoutes.sorted(by: { $0.template.parameterCount < $1.template.parameterCount }) {
                switch route {
                case .id:
                    collection.get(route.routerPath) { request, _ in try await handlers.newID(request) }
                case .ids:
                    collection.get(route.routerPath) { request, _ in try await handlers.newIDs(request) }
                case .validate:
                    collection.post(route.routerPath) { request, _ in try await handlers.validate(request) }
                case .decode:
                    collection.get(route.routerPath) { request, context in
                        try handlers.decode(context.parameters.get("id"), layout: request.uri.queryParameters["layout"])
                    }
                case .health:
                    collection.get(route.routerPath) { _, _ in handlers.health() }
                case .metrics:
                    if let endpoint = configuration.metricsEndpoint {
                        collection.get(route.routerPath) { _, _ in handlers.metricsText(endpoint) }
                    }
                case .inspector:
                    collection.get(route.routerPath) { _, _ in handlers.inspectorPage() }
                }
            }
        }
    }
#endif
