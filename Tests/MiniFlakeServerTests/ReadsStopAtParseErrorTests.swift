#if Server
    import NIOCore
    import NIOEmbedded
    import NIOHTTP1
    import Testing

    @testable import MiniFlakeServer

    /// ``ReadsStopAtParseError`` behind SwiftNIO's HTTP parser: reads go on until the parser
    /// fails, and none after, whatever the connection's task does meanwhile.
    @Suite struct ReadsStopAtParseErrorTests {
        /// A channel with a read counter at the socket's end, the parser, and the handler.
        static func channel(maxHeaderFieldSize: Int = 1_024) throws -> (EmbeddedChannel, SocketRecorder) {
            let channel = EmbeddedChannel()
            let recorder = SocketRecorder(highWaterMark: nil)
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = maxHeaderFieldSize
            let parser = ByteToMessageHandler(HTTPRequestDecoder(limitConfiguration: limits))
            try channel.pipeline.syncOperations.addHandler(recorder)
            try channel.pipeline.syncOperations.addHandler(parser)
            try channel.pipeline.syncOperations.addHandler(ReadsStopAtParseError(), position: .after(parser))
            return (channel, recorder)
        }

        @Test("requests read on; an oversized header stops every later read")
        func oversizedHeaderStopsReads() throws {
            let (channel, recorder) = try Self.channel()
            try channel.writeInbound(ByteBuffer(string: "GET /v1/id HTTP/1.1\r\nHost: x\r\n\r\n"))
            channel.read()
            channel.read()
            #expect(recorder.reads == 2)

            let oversized = "GET /v1/id HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 4_096) + "\r\n\r\n"
            #expect(throws: HTTPParserError.self) { try channel.writeInbound(ByteBuffer(string: oversized)) }
            channel.read()
            channel.read()
            #expect(recorder.reads == 2, "a read went on after the parser failed")
            _ = try? channel.finish()
        }
    }
#endif
