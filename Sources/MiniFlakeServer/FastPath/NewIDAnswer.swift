#if Server
    import Metrics
    import MiniFlake
    import NIOCore

    /// The answer ``NewIDWireFastPath`` gives to `GET /v1/id`, one per connection: an ID issued
    /// without waiting, its body as the router writes it, the headers' values, and the metrics
    /// the router's answers count.
    struct NewIDAnswer {
        /// The body and headers of one answer.
        struct Parts {
            /// `{"id":"…"}`, or the decimal and a line feed for plain text.
            let body: ByteBuffer
            /// The `Content-Type` header.
            let contentType: String
            /// The `Date` header.
            let date: String
        }

        private let handlers: FlakeRouteHandlers
        /// The `Server` header, as the application sets it on every answer.
        let serverName: String?
        /// The latency series of `GET /v1/id` answered 200, which the router's answers share.
        private let answered: Timer
        private var date = HTTPDateHeader()

        /// Makes the answers of one connection.
        ///
        /// - Parameters:
        ///   - configuration: The service's configuration: the issuer and the metrics.
        ///   - serverName: The `Server` header, as the application sets it on every answer.
        init(configuration: FlakeServerConfiguration, serverName: String?) {
            self.handlers = FlakeRouteHandlers(configuration: configuration)
            self.serverName = serverName
            self.answered = configuration.metrics.requestTimer(
                route: FlakeRoute.id.rawValue, method: "GET", status: 200)
        }

        /// Issues an ID and hands the answer's parts to `write`, then counts the answer.
        ///
        /// - Parameter accept: The request's `Accept` header.
        /// - Returns: Whether it answered; `false` when the generator would have to wait or
        ///   failed, which is the router's to answer.
        mutating func answer(accept: String?, _ write: (Parts) -> Void) -> Bool {
            let start = ContinuousClock.now
            guard let id = try? handlers.issuer.nextImmediately() else { return false }
            handlers.recordIssued(id)
            let plainText = FlakeMediaType.prefersPlainText(accept: accept)
            write(
                Parts(
                    body: FlakeRouteHandlers.newIDBody(id, plainText: plainText),
                    contentType: plainText ? FlakeMediaType.plainText : FlakeMediaType.json, date: date.now()))
            answered.record(duration: ContinuousClock.now - start)
            return true
        }
    }
#endif
