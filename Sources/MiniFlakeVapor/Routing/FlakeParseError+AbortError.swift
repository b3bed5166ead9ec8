#if Vapor
    import MiniFlake
    import Vapor

    /// Text that is not an identifier came from the client: Vapor answers `400 Bad Request`,
    /// with the error's one-line description (what is wrong with which text) as the reason.
    ///
    /// So `try FlakeID(decimal: text)` in a route handler refuses a malformed identifier the
    /// way a client expects, instead of with `500 Internal Server Error`.
    extension FlakeParseError: AbortError {
        /// Always `400 Bad Request`.
        public var status: HTTPResponseStatus { .badRequest }

        /// The error's description, such as `invalid decimal ID 'abc': 'a' at position 1 is
        /// not a decimal digit`.
        public var reason: String { description }
    }
#endif
