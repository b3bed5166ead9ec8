#if Server
    import MiniFlake
    import NIOCore
    import NIOEmbedded
    import Testing

    @testable import MiniFlakeServer

    /// ``NewIDWireFastPath`` on a channel of its own, under clients that send faster than they
    /// read: it holds reads while the channel is not writable, answers only a batch past the
    /// high water mark, and searches a request arriving a byte at a time once, not again per byte.
    @Suite struct NewIDWireBackpressureTests {
        static let request = "GET /v1/id HTTP/1.1\r\nHost: x\r\n\r\n"

        /// A channel with the handler, and a recorder between it and the socket.
        static func channel(highWaterMark: Int? = nil) throws -> (EmbeddedChannel, NewIDWireFastPath, SocketRecorder) {
            let service = try TestService(maximumLead: .seconds(2))
            let channel = EmbeddedChannel()
            let recorder = SocketRecorder(highWaterMark: highWaterMark)
            let handler = NewIDWireFastPath(configuration: service.configuration, serverName: "miniflake")
            try channel.pipeline.syncOperations.addHandler(recorder)
            try channel.pipeline.syncOperations.addHandler(handler)
            return (channel, handler, recorder)
        }

        @Test("While the channel is not writable, reads are held and requests wait; writable, both go on")
        func readsWaitForWritability() throws {
            let (channel, handler, recorder) = try Self.channel()
            try channel.writeInbound(ByteBuffer(string: String(repeating: Self.request, count: 3)))
            #expect(Self.answers(in: try Self.written(channel)) == 3)
            channel.read()
            #expect(recorder.reads == 1)

            channel.isWritable = false
            channel.pipeline.fireChannelWritabilityChanged()
            try channel.writeInbound(ByteBuffer(string: String(repeating: Self.request, count: 5)))
            #expect(try Self.written(channel).isEmpty)
            #expect(handler.heldBytes == 5 * Self.request.utf8.count)
            channel.read()
            #expect(recorder.reads == 1, "a read went on while the channel was not writable")

            channel.isWritable = true
            channel.pipeline.fireChannelWritabilityChanged()
            #expect(Self.answers(in: try Self.written(channel)) == 5)
            #expect(handler.heldBytes == 0)
            #expect(recorder.reads == 2, "the held read did not go on")
            _ = try channel.finish()
        }

        @Test("A read of thousands of requests is answered up to the high water mark and a batch, the rest held")
        func answersStopAtTheHighWaterMark() throws {
            let highWaterMark = 65_536
            let (channel, handler, recorder) = try Self.channel(highWaterMark: highWaterMark)
            let count = 4_000
            try channel.writeInbound(ByteBuffer(string: String(repeating: Self.request, count: count)))
            var answered = Self.answers(in: try Self.written(channel))
            #expect(recorder.writtenBytes <= highWaterMark + NewIDWireFastPath.answerBatchBytes + 512)
            #expect(answered < count)
            #expect(handler.heldBytes == (count - answered) * Self.request.utf8.count)
            channel.read()
            #expect(recorder.reads == 0)

            // The client reads: the channel drains and turns writable, again and again.
            var rounds = 0
            while answered < count, rounds < count {
                rounds += 1
                recorder.writtenBytes = 0
                channel.isWritable = true
                channel.pipeline.fireChannelWritabilityChanged()
                answered += Self.answers(in: try Self.written(channel))
                #expect(recorder.writtenBytes <= highWaterMark + NewIDWireFastPath.answerBatchBytes + 512)
            }
            #expect(answered == count)
            #expect(handler.heldBytes == 0)
            recorder.writtenBytes = 0
            channel.isWritable = true
            channel.pipeline.fireChannelWritabilityChanged()
            #expect(recorder.reads == 1, "the held read did not go on")
            _ = try channel.finish()
        }

        @Test("A request sent a byte at a time is answered once, its bytes examined a bounded number of times each")
        func byteAtATimeIsLinear() throws {
            let (channel, handler, _) = try Self.channel()
            let padding = (0..<100).map { "X-Padding-\($0): \(String(repeating: "a", count: 40))\r\n" }.joined()
            let request = Array("GET /v1/id HTTP/1.1\r\nHost: x\r\n\(padding)\r\n".utf8)
            #expect(request.count > 5_000 && request.count < NewIDRequestScanner.maximumLength)
            for byte in request {
                var buffer = channel.allocator.buffer(capacity: 1)
                buffer.writeInteger(byte)
                try channel.writeInbound(buffer)
            }
            #expect(Self.answers(in: try Self.written(channel)) == 1)
            #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
            #expect(handler.heldBytes == 0)
            // Scanning the held bytes again per byte would examine about request.count² / 2.
            #expect(handler.bytesExamined <= 8 * request.count, "examined \(handler.bytesExamined) bytes")
            _ = try channel.finish()
        }

        @Test("Endless header lines are held only up to the longest request recognised, then go to the parser")
        func endlessHeadersGoToTheParser() throws {
            let (channel, handler, _) = try Self.channel()
            try channel.writeInbound(ByteBuffer(string: "GET /v1/id HTTP/1.1\r\n"))
            var sent = 0
            var passedOn = 0
            while passedOn == 0, sent < 4 * NewIDRequestScanner.maximumLength {
                try channel.writeInbound(ByteBuffer(string: "X-Endless: header\r\n"))
                sent += 19
                #expect(handler.heldBytes < NewIDRequestScanner.maximumLength)
                while let buffer = try channel.readInbound(as: ByteBuffer.self) { passedOn += buffer.readableBytes }
            }
            #expect(passedOn >= NewIDRequestScanner.maximumLength)
            #expect(handler.heldBytes == 0)
            try channel.writeInbound(ByteBuffer(string: "X-More: header\r\n"))
            #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "X-More: header\r\n")
            #expect(try Self.written(channel).isEmpty)
            _ = try channel.finish()
        }

        /// Everything written to the channel since the last call, as text.
        static func written(_ channel: EmbeddedChannel) throws -> String {
            var text = ""
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
            return text
        }

        /// How many answers a text holds.
        static func answers(in text: String) -> Int {
            text.split(separator: "HTTP/1.1 200 OK\r\n", omittingEmptySubsequences: false).count - 1
        }
    }

    /// Stands for the socket, next to it in the pipeline: counts the reads that reach it and the
    /// bytes written, and turns the channel unwritable past a high water mark, as a socket whose
    /// peer does not read does.
    final class SocketRecorder: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer

        /// The reads that reached the socket.
        var reads = 0
        /// The bytes written since the count was last reset.
        var writtenBytes = 0
        private let highWaterMark: Int?

        init(highWaterMark: Int?) {
            self.highWaterMark = highWaterMark
        }

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            writtenBytes += unwrapOutboundIn(data).readableBytes
            if let highWaterMark, writtenBytes >= highWaterMark, let channel = context.channel as? EmbeddedChannel {
                channel.isWritable = false
            }
            context.write(data, promise: promise)
        }
    }
#endif
