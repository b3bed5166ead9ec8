#if Server
    import Hummingbird
    import Logging

    /// The top-level middleware of `miniflake serve`, added to its router after every route so
    /// that it wraps only Hummingbird's "no route": it answers 405 with `Allow` when the path
    /// exists under another method and 404 otherwise, as the service's JSON error body, and
    /// counts the request under the `unmatched` route label. The registry's paths count as
    /// existing only when `includesRegistry` is set; then a registry path with an empty account
    /// name is 400 `invalid_name`.
    struct FlakeUnmatchedMiddleware<Context: RequestContext>: RouterMiddleware {
        let metrics: FlakeServerMetrics
        let logger: Logger
        /// The routes mounted at the root, to tell a wrong method (405) from no route (404).
        let routes: [FlakeRoute]
        var includesRegistry = false

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let start = ContinuousClock.now
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                let path = request.uri.path
                let allowed =
                    FlakeRoute.matching(path: path, among: routes).map { [$0.method] }
                    ?? (includesRegistry ? RegistryRoute.matching(path: path)?.methods : nil)
                let failure =
                    includesRegistry && RegistryRoute.hasEmptyAccount(path: path)
                    ? FlakeServerError(.badRequest, code: .invalidName, message: "the account name must not be empty")
                    : FlakeServerError(converting: error, request: request, allowedMethods: allowed, logger: logger)
                metrics.countError(failure.code)
                response = failure.makeResponse()
            }
            metrics.recordRequest(
                route: FlakeServerMetrics.unmatchedRoute, method: request.method, status: response.status.code,
                duration: ContinuousClock.now - start)
            // No route answers HEAD, but its 405 must still go without a body.
            return request.method == .head ? response.createHeadResponse() : response
        }
    }
#endif
