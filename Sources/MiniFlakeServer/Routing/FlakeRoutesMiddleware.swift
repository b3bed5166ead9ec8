#if Server
    import Hummingbird
    import Logging

    /// The middleware of a ``FlakeRoutes`` collection, around its endpoints only: turns every
    /// error into the service's JSON error body, and records each request's latency under the
    /// route the router matched (the mount prefix included) and each error's code.
    struct FlakeRoutesMiddleware<Context: RequestContext>: RouterMiddleware {
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
                let failure = FlakeServerError(converting: error, request: request, allowedMethods: nil, logger: logger)
                if failure.status.code >= 500 {
                    logger.warning(
                        "request failed", metadata: ["path": "\(request.uri.path)", "error": "\(failure)"])
                }
                metrics.countError(failure.code)
                response = failure.makeResponse()
            }
            // The router stores the matched template before it calls the endpoint.
            metrics.recordRequest(
                route: context.endpointPath ?? FlakeServerMetrics.unmatchedRoute, method: request.method,
                status: response.status.code, duration: ContinuousClock.now - start)
            return response
        }
    }
#endif
