#if Server
    import MiniFlake
    import NIOCore
    import NIOEmbedded
    import Testing

    @testable import MiniFlakeServer

    /// The raw-byte recogniser of `GET /v1/id` that ``NewIDWireFastPath`` answers from: what it
    /// takes, and everything it leaves to SwiftNIO's HTTP parser.
    @Suite struct NewIDRequestScannerTests {
        static func scan(_ text: String) -> NewIDRequestScanner.Scan {
            Array(text.utf8).withUnsafeBytes { NewIDRequestScanner.scan($0) }
        }

        static let wrk = "GET /v1/id HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"

        /// wrk's request, a query, header case and spacing, keep-alive, and what follows it.
        @Test func recognisesNewIDRequests() {
            #expect(Self.scan(Self.wrk) == .newID(length: Self.wrk.utf8.count, accept: nil))
            #expect(
                Self.scan(Self.wrk + "GET /health HTTP/1.1\r\n") == .newID(length: Self.wrk.utf8.count, accept: nil))
            let query = "GET /v1/id?x=1&y=%20 HTTP/1.1\r\n\r\n"
            #expect(Self.scan(query) == .newID(length: query.utf8.count, accept: nil))
            let headers = "GET /v1/id HTTP/1.1\r\nhost: a\r\nACCEPT:\t text/plain \r\nConnection: Keep-Alive\r\n\r\n"
            #expect(Self.scan(headers) == .newID(length: headers.utf8.count, accept: "text/plain"))
        }

        /// Every prefix of a whole request is incomplete; a prefix of anything else is not.
        @Test func prefixesAreIncomplete() {
            let bytes = Array(Self.wrk.utf8)
            for end in 1..<bytes.count {
                let scan = Array(bytes[..<end]).withUnsafeBytes { NewIDRequestScanner.scan($0) }
                #expect(scan == .incomplete, "\(end) bytes")
            }
            #expect(Self.scan("GET /v1/ids") == .other)
            #expect(Self.scan("POST") == .other)
        }

        /// What goes to the parser: other methods, paths and versions, bodies, Expect, Upgrade,
        /// Connection: close, malformed lines, a second Accept, and requests too long.
        @Test(arguments: [
            "POST /v1/id HTTP/1.1\r\n\r\n", "GET /v1/ids HTTP/1.1\r\n\r\n", "GET /v1/id/ HTTP/1.1\r\n\r\n",
            "GET /v1/idx HTTP/1.1\r\n\r\n", "get /v1/id HTTP/1.1\r\n\r\n", "GET /v1/id HTTP/1.0\r\n\r\n",
            "GET /v1/id  HTTP/1.1\r\n\r\n", "GET /v1/id?a b HTTP/1.1\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nExpect: 100-continue\r\n\r\n", "GET /v1/id HTTP/1.1\r\nUpgrade: h2c\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nConnection: close\r\n\r\n", "GET /v1/id HTTP/1.1\nHost: a\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nHost: a\n\r\n", "GET /v1/id HTTP/1.1\r\nHost a\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\n: a\r\n\r\n", "GET /v1/id HTTP/1.1\r\nHo st: a\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\n Host: a\r\n\r\n", "GET /v1/id HTTP/1.1\r\nHost: a\u{7}\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nAccept: */*\r\nAccept: text/plain\r\n\r\n",
            "GET /v1/id HTTP/1.1\r\nX: \r\r\n\r\n",
        ])
        func leavesTheRestToTheParser(request: String) {
            #expect(Self.scan(request) == .other)
        }

        /// A request that has not ended within the longest length recognised is the parser's.
        @Test func tooLongIsTheParsers() {
            let long = "GET /v1/id HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: 9000)
            #expect(Self.scan(long) == .other)
            #expect(Self.scan(String(long.prefix(4000))) == .incomplete)
        }

        /// The handler on a channel of its own: a request split across reads is held until it
        /// is whole, the answers to one read go out in one buffer, and from the first other
        /// request on every byte goes on to the HTTP parser, unanswered.
        @Test func wireFastPathHoldsAnswersAndHandsOff() throws {
            let service = try TestService()
            let channel = EmbeddedChannel()
            try channel.pipeline.syncOperations.addHandler(
                NewIDWireFastPath(configuration: service.configuration, serverName: "miniflake"))
            try channel.writeInbound(ByteBuffer(string: "GET /v1/id HTTP/1.1\r\nHo"))
            #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
            #expect(try channel.readInbound(as: ByteBuffer.self) == nil)

            let rest = "GET /health HTTP/1.1\r\n\r\nGET /v1/id HTTP/1.1\r\n\r\n"
            try channel.writeInbound(
                ByteBuffer(string: "st: a\r\n\r\nGET /v1/id HTTP/1.1\r\nAccept: text/plain\r\n\r\n" + rest))
            let answers = try #require(try channel.readOutbound(as: ByteBuffer.self))
            let text = String(buffer: answers)
            let date = try #require(text.split(separator: "\r\n").first { $0.hasPrefix("Date: ") })
            #expect(
                text
                    == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 27\r\n\(date)\r\n"
                    + "Server: miniflake\r\n\r\n{\"id\":\"755551856230400007\"}"
                    + "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 19\r\n"
                    + "\(date)\r\nServer: miniflake\r\n\r\n755551856230401031\n")
            #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
            #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == rest)

            let later = "GET /v1/id HTTP/1.1\r\n\r\n"
            try channel.writeInbound(ByteBuffer(string: later))
            #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == later)
            #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
            _ = try channel.finish()
        }

        /// A request cut off by the end of the connection goes to the parser, which reports it.
        @Test func aHeldRequestGoesOnAtTheEnd() throws {
            let service = try TestService()
            let channel = EmbeddedChannel()
            try channel.pipeline.syncOperations.addHandler(
                NewIDWireFastPath(configuration: service.configuration, serverName: nil))
            try channel.writeInbound(ByteBuffer(string: "GET /v1/id HTTP/1.1\r\n"))
            #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
            channel.pipeline.fireChannelInactive()
            #expect(
                try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "GET /v1/id HTTP/1.1\r\n")
        }
    }
#endif
