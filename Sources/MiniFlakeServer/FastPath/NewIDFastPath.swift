#if Server
    import Metrics
    import MiniFlake
    import NIOCore
    import NIOHTTP1

    /// Answers `GET /v1/id` on the connection's event loop, before the request reaches
    /// Hummingbird, when the generator has an ID ready; every other request, and this one
    /// whenever the answer would need a wait or an error, goes on to the router unchanged.
    ///
    /// `miniflake serve` spent most of a request's time outside the generator: converting the
    /// request to Swift HTTP Types, handing it to a task, the router and the per-request logger,
    /// and handing the answer back to the event loop (BENCHMARKS.md has the profile). For its
    /// busiest route this handler does what the endpoint would, with the same body, headers and
    /// metrics (the latency under `route="/v1/id"`), in the channel pipeline instead.
    ///
    /// It sits between NIO's HTTP/1 codec and the conversion to Swift HTTP Types
    /// (``FastPathHTTP1Channel`` puts it there). It answers only while no request it passed on
    /// is still waiting for its answer, so the answers on a pipelined connection stay in order;
    /// and it leaves to the router a request that will close the connection or that expects
    /// `100 Continue`.
    final class NewIDFastPath: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart

        private var newIDAnswer: NewIDAnswer
        /// Requests passed on to the router whose answers have not ended yet.
        private var requestsAwaitingAnswers = 0
        /// Whether the rest of a request this handler answered is still arriving, to be dropped.
        private var droppingAnsweredRequest = false
        private var wroteSinceFlush = false

        /// Makes the handler for one connection.
        ///
        /// - Parameters:
        ///   - configuration: The service's configuration: the issuer, the clock and the metrics.
        ///   - serverName: The `Server` header, as the application sets it on every answer.
        init(configuration: FlakeServerConfiguration, serverName: String?) {
            self.newIDAnswer = NewIDAnswer(configuration: configuration, serverName: serverName)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                if requestsAwaitingAnswers == 0, answer(head, context: context) {
                    droppingAnsweredRequest = true
                    return
                }
                requestsAwaitingAnswers += 1
            case .body:
                if droppingAnsweredRequest { return }
            case .end:
                if droppingAnsweredRequest {
                    droppingAnsweredRequest = false
                    return
                }
            }
            context.fireChannelRead(data)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            if wroteSinceFlush {
                wroteSinceFlush = false
                context.flush()
            }
            context.fireChannelReadComplete()
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data), requestsAwaitingAnswers > 0 {
                requestsAwaitingAnswers -= 1
            }
            context.write(data, promise: promise)
        }

        /// Writes the answer to `GET /v1/id` when `head` asks for it and an ID is ready.
        ///
        /// - Returns: Whether it answered; `false` leaves the request to the router.
        private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> Bool {
            guard head.method == .GET, Self.isNewIDPath(head.uri), head.isKeepAlive,
                !head.headers.contains(name: "expect")
            else { return false }
            let serverName = newIDAnswer.serverName
            return newIDAnswer.answer(accept: head.headers.first(name: "accept")) { parts in
                var headers = HTTPHeaders()
                headers.reserveCapacity(4)
                headers.add(name: "Content-Type", value: parts.contentType)
                headers.add(name: "Content-Length", value: String(parts.body.readableBytes))
                headers.add(name: "Date", value: parts.date)
                if let serverName { headers.add(name: "Server", value: serverName) }
                let responseHead = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
                context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(parts.body))), promise: nil)
                context.write(wrapOutboundOut(.end(nil)), promise: nil)
                wroteSinceFlush = true
            }
        }

        /// Whether a request target is `/v1/id`, with or without a query.
        static func isNewIDPath(_ target: String) -> Bool {
            let route = FlakeRoute.id.rawValue.utf8
            let bytes = target.utf8
            guard bytes.starts(with: route) else { return false }
            let rest = bytes.dropFirst(route.count)
            return rest.isEmpty || rest.first == UInt8(ascii: "?")
        }
    }
#endif
