#if Vapor
    import MiniFlake
    import Vapor

    /// An issuer that cannot make an identifier is a temporary server-side condition: Vapor
    /// answers `503 Service Unavailable`, with a `Retry-After` header (whole seconds, rounded
    /// up) when retrying can help, and the error's one-line description as the reason.
    extension FlakeIssueError: AbortError {
        /// Always `503 Service Unavailable`.
        public var status: HTTPResponseStatus { .serviceUnavailable }

        /// `Retry-After` when the error says when to retry.
        public var headers: HTTPHeaders {
            guard let retryAfter else { return [:] }
            let (seconds, attoseconds) = retryAfter.components
            let whole = max(1, seconds + (attoseconds > 0 ? 1 : 0))
            return ["Retry-After": String(whole)]
        }

        /// The error's description.
        public var reason: String { description }
    }
#endif
