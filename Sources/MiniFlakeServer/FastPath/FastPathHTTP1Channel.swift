#if Server
    import HummingbirdCore
    import Logging
    import NIOCore
    import NIOHTTP1

    /// Hummingbird's HTTP/1 channel with ``NewIDWireFastPath`` before SwiftNIO's HTTP parser:
    /// every connection gets the same pipeline as `.http1()` gives, plus the handler that
    /// answers `GET /v1/id` on the event loop from the connection's raw bytes, and
    /// ``ReadsStopAtParseError`` after the parser.
    struct FastPathHTTP1Channel: ServerChildChannel {
        /// The channel Hummingbird would build, which does everything else.
        let base: HTTP1Channel
        /// The service's configuration, which each connection's handler reads.
        let configuration: FlakeServerConfiguration
        /// The `Server` header the application sets on every answer.
        let serverName: String?

        func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
            let configuration = configuration
            let serverName = serverName
            return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
                let pipeline = channel.pipeline.syncOperations
                // Before the HTTP parser: the connection's raw bytes.
                try pipeline.addHandler(
                    NewIDWireFastPath(configuration: configuration, serverName: serverName), position: .first)
                // Right after it: no more reads once it has failed.
                let parser = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                try pipeline.addHandler(ReadsStopAtParseError(), position: .after(parser))
                return value
            }
        }

        func handle(value: HTTP1Channel.Value, logger: Logger) async {
            await base.handle(value: value, logger: logger)
        }
    }

    extension HTTPServerBuilder {
        /// An HTTP/1 server whose connections answer `GET /v1/id` through ``NewIDWireFastPath``.
        static func http1WithNewIDFastPath(configuration: FlakeServerConfiguration, serverName: String?) -> Self {
            HTTPServerBuilder { responder in
                FastPathHTTP1Channel(
                    base: HTTP1Channel(responder: responder), configuration: configuration, serverName: serverName)
            }
        }
    }
#endif
