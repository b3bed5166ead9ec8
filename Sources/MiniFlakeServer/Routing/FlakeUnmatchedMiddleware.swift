#if Server
    import Hummingbird
    import Logging

    /// The top-level middleware of `miniflake serve`, added to its router after every route so
    /// that it wraps only Hummingbird's "no route": it answers 405 with `Allow` when the path
    /// exists under another method and 404 otherwise, as the service's JSON error body, and
    /// counts the request under the `unmatched` route label.
    struct FlakeUnmatchedMiddleware<Context: RequestContext>: RouterMiddleware {
        let metrics: FlakeServerMetrics
        let logger: Logger

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let start = ContinuousClock.now
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                let allowed = FlakeRoute.matching(path: request.uri.path).map { [$0.method] }
                let failure = FlakeServerError(
                    converting: error, request: request, allowedMethods: allowed, logger: logger)
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
