#if Server
    import NIOCore
    import NIOHTTP1

    /// Stops reading a connection once SwiftNIO's HTTP parser has failed on it (an oversized or
    /// endless header, a malformed request). Hummingbird answers a parse error with 400 and
    /// closes, from the connection's task; until that task gets a thread of the cooperative pool,
    /// the event loop would go on reading, and discarding, whatever the client sends (in a CI
    /// run on a loaded 2-core machine, 90 MB). Placed right after the parser, it sees the error
    /// first and holds every later read, so such a client gets at most one more read taken in.
    final class ReadsStopAtParseError: ChannelDuplexHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart

        /// Whether the parser has failed on this connection.
        private(set) var parserFailed = false

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            if error is HTTPParserError { parserFailed = true }
            context.fireErrorCaught(error)
        }

        func read(context: ChannelHandlerContext) {
            guard !parserFailed else { return }
            context.read()
        }
    }
#endif
