#if Server
    import Metrics
    import MiniFlake
    import NIOCore

    /// Answers `GET /v1/id` from the connection's raw bytes, before SwiftNIO's HTTP parser, for
    /// as long as every request on the connection is one (``NewIDRequestScanner`` says which) and
    /// the generator has an ID ready; from the first other request on, every byte goes to the
    /// parser, where ``NewIDFastPath`` and the router answer as before.
    ///
    /// A profile of `miniflake serve` under wrk on 2 cores showed most of a `GET /v1/id`'s time
    /// in parsing the request into a `HTTPRequestHead`, building a `HTTPResponseHead` and
    /// encoding it: allocations and handler hops that the answer does not need. This handler
    /// writes the answers to all the requests of one read into one buffer, with the same status,
    /// headers (in the same order), body and metrics as the router's; BENCHMARKS.md has the
    /// figure that keeps it.
    ///
    /// It answers only at the start of a connection's input, so answers stay in order: once it
    /// passes bytes on, it passes everything on. A request split across reads is held until it is
    /// whole (at most ``NewIDRequestScanner/maximumLength`` bytes).
    final class NewIDWireFastPath: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private let handlers: FlakeRouteHandlers
        private let serverName: String?
        /// The latency series of `GET /v1/id` answered 200, which the router's answers share.
        private let answered: Timer
        /// Whether every byte from now on goes to the HTTP parser.
        private var passingOn = false
        /// The start of a request that has not all arrived.
        private var held: ByteBuffer?
        private var wroteSinceFlush = false
        private var date = HTTPDateHeader()

        /// Makes the handler for one connection.
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

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !passingOn else {
                context.fireChannelRead(data)
                return
            }
            var input = unwrapInboundIn(data)
            if var earlier = held {
                held = nil
                earlier.writeBuffer(&input)
                input = earlier
            }
            var answers: ByteBuffer?
            while input.readableBytes > 0 {
                let scan = input.withUnsafeReadableBytes { NewIDRequestScanner.scan($0) }
                if case .incomplete = scan {
                    held = input
                    break
                }
                guard case .newID(let length, let accept) = scan, appendAnswer(accept: accept, to: &answers, context)
                else {
                    // The parser's from here on; the answers so far are written first.
                    write(&answers, context: context)
                    passingOn = true
                    context.fireChannelRead(wrapInboundOut(input))
                    return
                }
                input.moveReaderIndex(forwardBy: length)
            }
            write(&answers, context: context)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            if wroteSinceFlush {
                wroteSinceFlush = false
                context.flush()
            }
            context.fireChannelReadComplete()
        }

        func channelInactive(context: ChannelHandlerContext) {
            // A request cut off by the close is the parser's to report, as without this handler.
            if let held {
                self.held = nil
                passingOn = true
                context.fireChannelRead(wrapInboundOut(held))
            }
            context.fireChannelInactive()
        }

        /// Appends the answer to one `GET /v1/id` when the generator has an ID ready.
        ///
        /// - Returns: Whether it did; `false` leaves the request to the router.
        private func appendAnswer(accept: String?, to answers: inout ByteBuffer?, _ context: ChannelHandlerContext)
            -> Bool
        {
            let start = ContinuousClock.now
            // A generator that would have to wait, and any failure, are the router's to answer.
            guard let id = try? handlers.issuer.nextImmediately() else { return false }
            handlers.recordIssued(id)
            let plainText = FlakeMediaType.prefersPlainText(accept: accept)
            let body = FlakeRouteHandlers.newIDBody(id, plainText: plainText)
            var out = answers ?? context.channel.allocator.buffer(capacity: 512)
            // What SwiftNIO's encoder writes for NewIDFastPath's head: the same headers, in order.
            out.writeStaticString("HTTP/1.1 200 OK\r\nContent-Type: ")
            out.writeString(plainText ? FlakeMediaType.plainText : FlakeMediaType.json)
            out.writeStaticString("\r\nContent-Length: ")
            out.writeDecimal(UInt64(body.readableBytes))
            out.writeStaticString("\r\nDate: ")
            out.writeString(date.now())
            if let serverName {
                out.writeStaticString("\r\nServer: ")
                out.writeString(serverName)
            }
            out.writeStaticString("\r\n\r\n")
            out.writeImmutableBuffer(body)
            answers = out
            answered.record(duration: ContinuousClock.now - start)
            return true
        }

        /// Writes the answers gathered, if any, to be flushed when the read completes.
        private func write(_ answers: inout ByteBuffer?, context: ChannelHandlerContext) {
            guard let buffer = answers else { return }
            answers = nil
            context.write(wrapOutboundOut(buffer), promise: nil)
            wroteSinceFlush = true
        }
    }
#endif
