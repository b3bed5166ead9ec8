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

        private var newIDAnswer: NewIDAnswer
        /// Whether every byte from now on goes to the HTTP parser.
        private var passingOn = false
        /// The start of a request that has not all arrived.
        private var held: ByteBuffer?
        private var wroteSinceFlush = false

        /// Makes the handler for one connection.
        ///
        /// - Parameters:
        ///   - configuration: The service's configuration: the issuer and the metrics.
        ///   - serverName: The `Server` header, as the application sets it on every answer.
        init(configuration: FlakeServerConfiguration, serverName: String?) {
            self.newIDAnswer = NewIDAnswer(configuration: configuration, serverName: serverName)
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

        /// Appends the answer to one `GET /v1/id` when the generator has an ID ready: what
        /// SwiftNIO's encoder writes for ``NewIDFastPath``'s head, the same headers in order.
        ///
        /// - Returns: Whether it did; `false` leaves the request to the router.
        private func appendAnswer(accept: String?, to answers: inout ByteBuffer?, _ context: ChannelHandlerContext)
            -> Bool
        {
            var out = answers ?? context.channel.allocator.buffer(capacity: 512)
            let serverName = newIDAnswer.serverName
            let answered = newIDAnswer.answer(accept: accept) { parts in
                out.writeStaticString("HTTP/1.1 200 OK\r\nContent-Type: ")
                out.writeString(parts.contentType)
                out.writeStaticString("\r\nContent-Length: ")
                out.writeDecimal(UInt64(parts.body.readableBytes))
                out.writeStaticString("\r\nDate: ")
                out.writeString(parts.date)
                if let serverName {
                    out.writeStaticString("\r\nServer: ")
                    out.writeString(serverName)
                }
                out.writeStaticString("\r\n\r\n")
                out.writeImmutableBuffer(parts.body)
            }
            if answered { answers = out }
            return answered
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
