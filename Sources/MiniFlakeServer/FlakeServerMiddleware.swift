#if Server
    import Hummingbird
    import Logging

    /// Wraps every route: turns every error into the service's JSON error body (Hummingbird's own
    /// "no route" included, which becomes 405 when the path exists under another method), and
    /// records each request's latency and each error's code.
    struct FlakeServerMiddleware<Context: RequestContext>: RouterMiddleware {
        let metrics: FlakeServerMetrics
        let logger: Logger

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let start = ContinuousClock.now
            let route = FlakeRoute.matching(path: request.uri.path)
            var response: Response
            do {
                response = try await next(request, context)
            } catch {
                let failure = flakeError(for: error, request: request, route: route)
                if failure.status.code >= 500 {
                    logger.warning(
                        "request failed", metadata: ["path": "\(request.uri.path)", "error": "\(failure)"])
                }
                metrics.countError(failure.code)
                response = failure.makeResponse()
            }
            metrics.recordRequest(
                route: route?.template ?? FlakeServerMetrics.unmatchedRoute, method: request.method,
                status: response.status.code, duration: ContinuousClock.now - start)
            // No route answers HEAD, but its 405 must still go without a body.
            return request.method == .head ? response.createHeadResponse() : response
        }

        /// The service's error for anything a handler or the router threw.
        private func flakeError(for error: any Error, request: Request, route: FlakeRoute?) -> FlakeServerError {
            switch error {
            case let error as FlakeServerError:
                return error
            case let error as any HTTPResponseError:
                switch error.status {
                case .notFound:
                    if let route, route.method != request.method {
                        return .methodNotAllowed(request.method, allowed: [route.method])
                    }
                    return .notFound(request.uri.path)
                case .contentTooLarge:
                    return FlakeServerError(
                        .contentTooLarge, code: .payloadTooLarge, message: "the request body is too large")
                case .unsupportedMediaType:
                    return FlakeServerError(
                        .unsupportedMediaType, code: .unsupportedMediaType, message: "unsupported media type")
                case .methodNotAllowed:
                    return .methodNotAllowed(request.method, allowed: route.map { [$0.method] } ?? [])
                default:
                    let status = error.status
                    let code: FlakeServerError.Code = status.code >= 500 ? .internalError : .invalidRequest
                    return FlakeServerError(status, code: code, message: status.reasonPhrase)
                }
            default:
                logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
                return FlakeServerError(
                    .internalServerError, code: .internalError, message: "the service failed unexpectedly")
            }
        }
    }
#endif
