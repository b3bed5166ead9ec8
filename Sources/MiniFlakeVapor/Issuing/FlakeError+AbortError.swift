#if Vapor
    import MiniFlake
    import Vapor

    /// An issuer that cannot make an identifier is a temporary server-side condition: Vapor
    /// answers `503 Service Unavailable`, with a `Retry-After` header (whole seconds, rounded
    /// up) when retrying can help, and the error's one-line description as the reason.
    extension FlakeError: AbortError {
        /// Always `503 Service Unavailable`.
        public var status: HTTPResponseStatus { .serviceUnavailable }

        /// `Retry-After` when the error says when to retry.
        public var headers: HTTPHeaders {
            guard let retryAfterSeconds else { return [:] }
            return ["Retry-After": String(retryAfterSeconds)]
        }

        /// The error's description.
        public var reason: String { description }
    }
#endif
