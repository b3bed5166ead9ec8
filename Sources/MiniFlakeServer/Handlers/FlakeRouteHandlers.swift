#if Server
    import Hummingbird
    import MiniFlake

    /// The code behind the routes, sharing one configuration. The routes are spread over
    /// extensions by topic: issuing, decoding, validating, and health with metrics.
    struct FlakeRouteHandlers: Sendable {
        let configuration: FlakeServerConfiguration

        var issuer: any FlakeIssuer { configuration.issuer }
        var metrics: FlakeServerMetrics { configuration.metrics }

        /// The response for an issuer that made no identifier.
        ///
        /// A retryable error (lead used up, no lease held, reservation being extended) is 503
        /// with `Retry-After`, in whole seconds rounded up. A batch size out of range is 400
        /// `count_out_of_range`; an issuer shut down is 503 `no_instance` (another instance can
        /// serve); any other permanent failure (the layout ran out of time, the clock reads
        /// before the epoch) is 500.
        ///
        /// - Parameter count: The batch size asked for, if any.
        func failure(_ error: FlakeError, count: Int? = nil) -> FlakeServerError {
            if let retryAfter = error.retryAfter {
                let code: FlakeServerError.Code =
                    switch error.code {
                    case .leadLimitReached: .leadLimitReached
                    case .noInstance: .noInstance
                    default: .issuerUnavailable
                    }
                return FlakeServerError(
                    .serviceUnavailable, code: code, message: "cannot make IDs right now: \(error.message)",
                    retryAfter: retryAfter)
            }
            switch error.code {
            case .batchCountOutOfRange:
                return .countOutOfRange(
                    Substring(String(count ?? 0)), maximum: configuration.effectiveMaximumBatchCount)
            case .shutDown:
                return FlakeServerError(
                    .serviceUnavailable, code: .noInstance,
                    message: "the service holds no instance number: \(error.message)", retryAfter: .seconds(1))
            default:
                return FlakeServerError(
                    .internalServerError, code: .internalError, message: "cannot make IDs: \(error.message)")
            }
        }

        /// A response with a JSON body.
        static func json(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
            Response(status: status, headers: [.contentType: FlakeMediaType.json], body: ResponseBody(byteBuffer: body))
        }

        /// A response with a plain-text body.
        static func text(_ body: ByteBuffer) -> Response {
            Response(
                status: .ok, headers: [.contentType: FlakeMediaType.plainText], body: ResponseBody(byteBuffer: body))
        }
    }
#endif
