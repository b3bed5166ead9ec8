#if Server
    import Metrics
    import MiniFlake
    import NIOCore

    /// Answers `GET /v1/id` from the connection's raw bytes, before SwiftNIO's HTTP parser, for
    /// as long as every request on the connection is one (``NewIDRequestScanner`` says which) and
    /// the generator has an ID ready; from the first other request on, every byte goes to the
    /// parser and the router, which answer as they would without this handler.
    ///
    /// A profile of `miniflake serve` under wrk on 2 cores showed most of a `GET /v1/id`'s time
    /// in parsing the request into a `HTTPRequestHead`, building a `HTTPResponseHead` and
    /// encoding it: allocations and handler hops that the answer does not need. This handler
    /// writes the answers to the requests of one read into one buffer, with the same status,
    /// headers (in the same order), body and metrics as the router's; BENCHMARKS.md has the
    /// figure that keeps it.
    ///
    /// It answers only at the start of a connection's input, so answers stay in order: once it
    /// passes bytes on, it passes everything on. It keeps the router's guarantees to a client
    /// that sends faster than it reads:
    /// - Answers wait in the channel only up to its high water mark: while the channel is not
    ///   writable, it answers nothing more and holds the connection's reads (`read()` goes no
    ///   further), so the requests it holds are at most those of the read in progress; it
    ///   answers them, and reads again, when the channel becomes writable.
    /// - A request split across reads is held until it is whole, at most
    ///   ``NewIDRequestScanner/maximumLength`` bytes; a longer one goes to the parser, which
    ///   has limits of its own. Each read searches only the bytes it added (for the end of the
    ///   header block or a bare line break), so a request sent a byte at a time costs time
    ///   linear in its length.
    final class NewIDWireFastPath: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        typealias OutboundIn = IOData
        typealias OutboundOut = ByteBuffer

        /// The answers gathered before they are written: a batch at most this long waits
        /// for a write, so an unwritable channel stops the answering within one batch.
        static let answerBatchBytes = 16_384

        private var newIDAnswer: NewIDAnswer
        /// Whether every byte from now on goes to the HTTP parser.
        private var passingOn = false
        /// Bytes read and not answered yet: the start of a request that has not all arrived,
        /// or requests waiting for the channel to become writable.
        private var held: ByteBuffer?
        /// How many of `held`'s bytes are known to hold neither the end of the first request's
        /// header block nor anything else that settles it; `nil` when unsearched.
        private var searchedWithoutEnd: Int?
        /// Whether a `read()` was held back while the channel was not writable.
        private var readHeld = false
        private var wroteSinceFlush = false
        /// The bytes the scanner and the search went through, for tests that check that the
        /// work stays linear in the bytes received.
        private(set) var bytesExamined = 0

        /// The bytes held, read and not yet answered or passed on.
        var heldBytes: Int { held?.readableBytes ?? 0 }

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
            if held == nil {
                held = input
            } else {
                held?.writeBuffer(&input)
            }
            answerHeld(context: context)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            flushIfWritten(context: context)
            context.fireChannelReadComplete()
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            if !passingOn, context.channel.isWritable {
                answerHeld(context: context)
                flushIfWritten(context: context)
                if readHeld, passingOn || context.channel.isWritable {
                    readHeld = false
                    context.read()
                }
            }
            context.fireChannelWritabilityChanged()
        }

        func read(context: ChannelHandlerContext) {
            guard passingOn || context.channel.isWritable else {
                readHeld = true
                return
            }
            context.read()
        }

        func channelInactive(context: ChannelHandlerContext) {
            // A request cut off by the close is the parser's to report, as without this
            // handler; whole requests held for a writable channel have no one left to answer.
            if let held, searchedWithoutEnd != nil {
                self.held = nil
                passingOn = true
                context.fireChannelRead(wrapInboundOut(held))
            }
            held = nil
            context.fireChannelInactive()
        }

        /// Answers the requests held while the channel stays writable, and keeps the rest: a
        /// request still arriving, or the requests behind an answer the channel cannot take
        /// yet. Passes everything on from the first request it does not answer.
        private func answerHeld(context: ChannelHandlerContext) {
            guard var input = held else { return }
            held = nil
            var answers: ByteBuffer?
            while input.readableBytes > 0, context.channel.isWritable {
                if let searched = searchedWithoutEnd {
                    bytesExamined += input.readableBytes - max(searched - 3, 0)
                    let settles = input.withUnsafeReadableBytes {
                        NewIDRequestScanner.mayBeSettled($0, searchedWithoutEnd: searched)
                    }
                    guard settles else {
                        searchedWithoutEnd = input.readableBytes
                        break
                    }
                    searchedWithoutEnd = nil
                }
                let scan = input.withUnsafeReadableBytes { NewIDRequestScanner.scan($0) }
                if case .incomplete = scan {
                    bytesExamined += input.readableBytes
                    searchedWithoutEnd = input.readableBytes
                    break
                }
                guard case .newID(let length, let accept) = scan, appendAnswer(accept: accept, to: &answers, context)
                else {
                    // The parser's from here on; the answers so far are written first.
                    write(&answers, context: context)
                    passOn(input, context: context)
                    return
                }
                bytesExamined += length
                input.moveReaderIndex(forwardBy: length)
                if let batch = answers, batch.readableBytes >= Self.answerBatchBytes {
                    write(&answers, context: context)
                }
            }
            write(&answers, context: context)
            guard input.readableBytes > 0 else { return }
            held = Self.compacted(input)
        }

        /// Hands the rest of the connection to the HTTP parser, with a read held back.
        private func passOn(_ input: ByteBuffer, context: ChannelHandlerContext) {
            passingOn = true
            searchedWithoutEnd = nil
            context.fireChannelRead(wrapInboundOut(input))
            if readHeld {
                readHeld = false
                context.read()
            }
        }

        /// Bytes to keep: moved to the start of a buffer of their own size when they are a
        /// small part of a large one (a read buffer with one request's start at its end).
        private static func compacted(_ input: ByteBuffer) -> ByteBuffer {
            guard input.readerIndex > 0 || input.capacity > 2 * max(input.readableBytes, 1024) else { return input }
            var copy = ByteBufferAllocator().buffer(capacity: max(input.readableBytes, 1024))
            var source = input
            copy.writeBuffer(&source)
            return copy
        }

        /// Appends the answer to one `GET /v1/id` when the generator has an ID ready: the
        /// router's status line and headers, in its order, and its body.
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

        private func flushIfWritten(context: ChannelHandlerContext) {
            if wroteSinceFlush {
                wroteSinceFlush = false
                context.flush()
            }
        }
    }
#endif
