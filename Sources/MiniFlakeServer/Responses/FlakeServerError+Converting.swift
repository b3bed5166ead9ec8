#if Server
    import Hummingbird
    import Logging

    extension FlakeServerError {
        /// The service's error for anything a handler or the router threw.
        ///
        /// - Parameters:
        ///   - error: What was thrown.
        ///   - request: The request it was thrown for.
        ///   - allowedMethods: The methods the request's path answers, when it has a route under
        ///     another method; a "no route" error then becomes 405 with `Allow`.
        ///   - logger: Where an unexpected error is logged.
        init(converting error: any Error, request: Request, allowedMethods: [HTTPRequest.Method]?, logger: Logger) {
            switch error {
            case let error as FlakeServerError:
                self = error
            case let error as any HTTPResponseError:
                switch error.status {
                case .notFound:
                    if let allowedMethods, !allowedMethods.contains(request.method) {
                        self = .methodNotAllowed(request.method, allowed: allowedMethods)
                    } else {
                        self = .notFound(request.uri.path)
                    }
                case .contentTooLarge:
                    self.init(.contentTooLarge, code: .payloadTooLarge, message: "the request body is too large")
                case .unsupportedMediaType:
                    self.init(.unsupportedMediaType, code: .unsupportedMediaType, message: "unsupported media type")
                case .methodNotAllowed:
                    self = .methodNotAllowed(request.method, allowed: allowedMethods ?? [])
                default:
                    let status = error.status
                    let code: Code = status.code >= 500 ? .internalError : .invalidRequest
                    self.init(status, code: code, message: status.reasonPhrase)
                }
            default:
                logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
                self.init(.internalServerError, code: .internalError, message: "the service failed unexpectedly")
            }
        }
    }
#endif
