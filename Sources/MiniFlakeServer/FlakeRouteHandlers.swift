#if Server
    import Hummingbird
    import MiniFlake
    import MiniFlakeLease

    /// The code behind the routes, sharing one configuration. The routes are spread over
    /// extensions by topic: issuing, decoding, validating, and health with metrics.
    struct FlakeRouteHandlers: Sendable {
        let configuration: FlakeServerConfiguration

        var issuer: any FlakeIssuer { configuration.issuer }
        var metrics: FlakeServerMetrics { configuration.metrics }

        /// Calls the issuer, waiting (suspended, not blocking a thread) for the clock while the
        /// generator is at its lead limit, for at most ``FlakeServerConfiguration/maximumLeadWait``.
        ///
        /// - Throws: 503 errors with `Retry-After` when the wait runs out, the issuer holds no
        ///   instance number, or it fails otherwise.
        func issuing<Value>(_ make: (any FlakeIssuer) throws -> Value) async throws(FlakeServerError) -> Value {
            let issuer = configuration.issuer
            let deadline = ContinuousClock.now + configuration.maximumLeadWait
            while true {
                do {
                    do {
                        return try make(issuer)
                    } catch LeaseError.generator(let error) {
                        // A leased issuer wraps its generator's errors; treat them as a plain one's.
                        throw error
                    }
                } catch FlakeError.leadLimitReached(let leadTicks, let maximumLeadTicks) {
                    let milliseconds = max(1, (leadTicks - maximumLeadTicks) * issuer.layout.tickMilliseconds)
                    let pause = Duration.milliseconds(milliseconds)
                    guard ContinuousClock.now + pause <= deadline else {
                        throw FlakeServerError(
                            .serviceUnavailable, code: .leadLimitReached,
                            message:
                                "the generator is \(leadTicks) ticks ahead of the clock, its limit is \(maximumLeadTicks); retry shortly",
                            retryAfterSeconds: Int(max(1, (milliseconds + 999) / 1000)))
                    }
                    do {
                        try await Task.sleep(for: pause)
                    } catch {
                        throw FlakeServerError(
                            .serviceUnavailable, code: .leadLimitReached,
                            message: "the request was cancelled while waiting for the clock", retryAfterSeconds: 1)
                    }
                } catch FlakeError.batchCountOutOfRange(let count, let maximum) {
                    throw .countOutOfRange(Substring(String(count)), maximum: maximum)
                } catch {
                    throw Self.unavailable(error, issuer: issuer)
                }
            }
        }

        /// The 503 for an issuer that failed other than at its lead limit.
        static func unavailable(_ error: any Error, issuer: any FlakeIssuer) -> FlakeServerError {
            if issuer.currentInstanceNumber == nil {
                return FlakeServerError(
                    .serviceUnavailable, code: .noInstance,
                    message: "the service holds no instance number right now: \(error)", retryAfterSeconds: 1)
            }
            return FlakeServerError(
                .serviceUnavailable, code: .issuerUnavailable, message: "cannot make IDs right now: \(error)",
                retryAfterSeconds: 1)
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
