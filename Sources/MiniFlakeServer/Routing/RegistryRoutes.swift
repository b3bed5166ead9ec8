#if Server
    import Hummingbird

    /// The instance registry's routes, for any Hummingbird application: a sync server in any
    /// language asks them for the instance number of each installation that signs in.
    ///
    /// The routes serve ``FlakeServerConfiguration/registryAccess``; without one the collection
    /// is empty. Every request needs `Authorization: Bearer TOKEN` (401 `unauthorized` without
    /// it). Paths are relative to where the routes are mounted; `{account}` and
    /// `{installation}` are 1 to 128 bytes of UTF-8 without control characters, percent-encoded
    /// in the path (400 `invalid_name` otherwise):
    ///
    /// | Route | Answer |
    /// |---|---|
    /// | `PUT /v1/accounts/{account}/installations/{installation}` | 201 the first time, 200 with the same number after: `{"account","installation","instance","highestSeenID"}`; optional body `{"provisionalInstance": N}` |
    /// | `DELETE /v1/accounts/{account}/installations/{installation}` | 204; 404 `installation_not_found` when it is not live |
    /// | `GET /v1/accounts/{account}/installations` | `{"installations": [...]}`, retired ones included |
    ///
    /// A full account is 409 `no_free_instance`; a failing database 503 `registry_unavailable`
    /// with `Retry-After`. The routes carry the same middleware as ``FlakeRoutes``: errors as the
    /// service's JSON body, latencies and error codes in ``FlakeServerMetrics``.
    ///
    /// ```swift
    /// let router = Router(context: AppRequestContext.self)
    /// RegistryRoutes<AppRequestContext>(configuration: configuration).add(to: router, atPath: "/ids")
    /// ```
    public struct RegistryRoutes<Context: RequestContext>: Sendable {
        /// What the routes serve: the registry and its token, the body limit, the logger and the
        /// metrics.
        public var configuration: FlakeServerConfiguration

        /// Describes the routes.
        ///
        /// - Parameters:
        ///   - configuration: What to serve; its ``FlakeServerConfiguration/registryAccess``
        ///     holds the registry and the token.
        ///   - context: The request context of the router the routes go to.
        public init(configuration: FlakeServerConfiguration, context: Context.Type = Context.self) {
            self.configuration = configuration
        }

        /// A new route collection holding the routes and their middleware, for
        /// `router.addRoutes(_:atPath:)`; empty without a registry.
        public var collection: RouteCollection<Context> {
            let collection = RouteCollection(context: Context.self)
            guard let access = configuration.registryAccess else { return collection }
            collection.add(
                middleware: FlakeRoutesMiddleware<Context>(metrics: configuration.metrics, logger: configuration.logger)
            )
            let handlers = RegistryRouteHandlers(access: access, configuration: configuration)
            collection.put(RegistryRoute.installation.routerPath) { request, context in
                try await handlers.register(
                    request, account: context.parameters.get("account"),
                    installation: context.parameters.get("installation"))
            }
            collection.delete(RegistryRoute.installation.routerPath) { request, context in
                try await handlers.retire(
                    request, account: context.parameters.get("account"),
                    installation: context.parameters.get("installation"))
            }
            collection.get(RegistryRoute.installations.routerPath) { request, context in
                try await handlers.installations(request, account: context.parameters.get("account"))
            }
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
    }
#endif
