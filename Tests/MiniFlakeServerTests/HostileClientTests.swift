#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import MiniFlakeTestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The live service, in this process on 127.0.0.1, under clients that try to exhaust it: it
    /// takes in a bounded amount from each, its memory stays flat, and a client that behaves is
    /// answered meanwhile. Every loop has a limit and every wait a timeout.
    @Suite("Hostile clients")
    struct HostileClientTests {
        static let newID = Array("GET /v1/id HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        /// How long a flood waits for the server to take more before it calls the server stopped.
        static let quietMilliseconds: Int32 = 1_500
        /// A flood's limit: far above what the kernel's buffers on loopback and the server's
        /// bounded buffers take in, so reaching it means the server never stopped reading.
        static let floodLimit = 96 << 20
        /// The most a connection that does not read may get the server to take in: the kernel's
        /// receive buffer (which grows up to `net.ipv4.tcp_rmem`'s largest, 32 MiB here) and
        /// send buffer, and the server's own, a read's worth of requests and a batch of answers
        /// past the channel's high water mark.
        static let intakeBound = 48 << 20
        /// The most the process may grow while a connection is flooded; without backpressure
        /// every request taken in is an answer of about four times its size, held in memory.
        static let growthBound = 96 << 20

        /// Runs a test against a live service on a real clock, so that the IDs never run out.
        static func withServer(_ body: @Sendable @escaping (_ port: Int) async throws -> Void) async throws {
            let maker = try FlakeMaker(instance: 13)
            let configuration = FlakeServerConfiguration(issuer: maker, logger: TestService.quietLogger)
            let app = FlakeServer.makeApplication(configuration: configuration, port: 0)
            try await app.test(.live) { client in
                try await body(try #require(client.port))
            }
        }

        @Test("Pipelining GET /v1/id without reading: the server stops reading, its memory stays flat")
        func pipeliningWithoutReading() async throws {
            try await Self.withServer { port in
                let before = Self.residentBytes()
                let socket = try HostileSocket(port: port)
                defer { socket.close() }
                let flood = try await LoopbackHTTP.offThePool {
                    socket.flood(Self.newID, limit: Self.floodLimit, quietMilliseconds: Self.quietMilliseconds)
                }
                #expect(!flood.closed)
                #expect(flood.sent < Self.intakeBound, "the server took in \(flood.sent) bytes and kept reading")
                if let before, let after = Self.residentBytes() {
                    #expect(after - before < Self.growthBound, "RSS grew by \(after - before) bytes")
                }
                try await Self.expectAnswered(port: port)
                // When the client reads at last, its answers are there, in order.
                let answers = try await LoopbackHTTP.offThePool {
                    socket.receive(quietMilliseconds: 5_000) { $0.count >= 4_096 }
                }
                #expect(String(decoding: answers.bytes.prefix(17), as: UTF8.self) == "HTTP/1.1 200 OK\r\n")
            }
        }

        @Test("A request sent a byte at a time is answered, and so is another client meanwhile")
        func oneByteAtATime() async throws {
            try await Self.withServer { port in
                let padding = (0..<40).map { "X-Padding-\($0): \(String(repeating: "a", count: 30))\r\n" }.joined()
                let request = Array("GET /v1/id HTTP/1.1\r\nHost: x\r\n\(padding)\r\n".utf8)
                let socket = try HostileSocket(port: port)
                defer { socket.close() }
                try await LoopbackHTTP.offThePool { try socket.sendOneByteAtATime(Array(request.prefix(1_000))) }
                try await Self.expectAnswered(port: port)
                try await LoopbackHTTP.offThePool { try socket.sendOneByteAtATime(Array(request.dropFirst(1_000))) }
                let answer = try await LoopbackHTTP.offThePool {
                    socket.receive(quietMilliseconds: 10_000) { Self.containsWholeAnswer($0) }
                }
                let text = String(decoding: answer.bytes, as: UTF8.self)
                #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
                #expect(text.contains(#"{"id":""#))
            }
        }

        @Test(
            "Oversized and endless headers: the connection ends after a bounded intake; others are answered",
            arguments: [HeaderAttack.oversized, .endless])
        func oversizedAndEndlessHeaders(attack: HeaderAttack) async throws {
            try await Self.withServer { port in
                let before = Self.residentBytes()
                let socket = try HostileSocket(port: port)
                defer { socket.close() }
                let flood = try await LoopbackHTTP.offThePool {
                    try socket.sendAll(Array("GET /v1/id HTTP/1.1\r\nHost: x\r\n".utf8))
                    return socket.flood(
                        attack.chunk, limit: Self.floodLimit, quietMilliseconds: Self.quietMilliseconds)
                }
                #expect(flood.sent < Self.intakeBound, "the server took in \(flood.sent) bytes")
                if !flood.closed {
                    // Stopped reading rather than closed: the answer is an error, then the end.
                    let answer = try await LoopbackHTTP.offThePool {
                        socket.receive(quietMilliseconds: 5_000) { _ in false }
                    }
                    let text = String(decoding: answer.bytes, as: UTF8.self)
                    #expect(answer.closed || text.hasPrefix("HTTP/1.1 4"), "\(text.prefix(200))")
                }
                if let before, let after = Self.residentBytes() {
                    #expect(after - before < Self.growthBound, "RSS grew by \(after - before) bytes")
                }
                try await Self.expectAnswered(port: port)
            }
        }

        @Test("Many idle and half-sent connections are held cheaply, and a client that behaves is answered")
        func manyIdleConnections() async throws {
            var limits = rlimit()
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
            // Both ends of each connection are in this process; leave room for everything else.
            let count = min(1_000, max(Int(limits.rlim_cur) - 256, 0) / 2)
            try #require(count >= 100, "too few file descriptors (\(limits.rlim_cur)) for the test")
            try await Self.withServer { port in
                let before = Self.residentBytes()
                let sockets = try await LoopbackHTTP.offThePool {
                    var sockets: [HostileSocket] = []
                    for index in 0..<count {
                        let socket = try HostileSocket(port: port, bufferBytes: 4_096)
                        sockets.append(socket)
                        // Every other one sends the start of a request and no more.
                        if index % 2 == 1 { try socket.sendAll(Array("GET /v1/id HTTP/1.1\r\nHo".utf8)) }
                    }
                    return sockets
                }
                defer { for socket in sockets { socket.close() } }
                try await Self.expectAnswered(port: port)
                if let before, let after = Self.residentBytes() {
                    #expect(after - before < Self.growthBound, "RSS grew by \(after - before) bytes")
                }
                // The last connection is a live one: finishing its request gets its answer.
                let last = try #require(sockets.last)
                try await LoopbackHTTP.offThePool { try last.sendOneByteAtATime(Array("st: x\r\n\r\n".utf8)) }
                let answer = try await LoopbackHTTP.offThePool {
                    last.receive(quietMilliseconds: 10_000) { Self.containsWholeAnswer($0) }
                }
                #expect(String(decoding: answer.bytes.prefix(17), as: UTF8.self) == "HTTP/1.1 200 OK\r\n")
            }
        }

        /// A client that behaves, on a connection of its own, gets a new ID.
        static func expectAnswered(port: Int) async throws {
            let answer = try await LoopbackHTTP.offThePool {
                try LoopbackHTTP.get(port: port, path: "/v1/id", timeoutSeconds: 20)
            }
            #expect(answer.status == 200)
            #expect(Int64(answer.body.dropLast()) != nil, "\(answer.body)")
        }

        /// Whether the bytes hold a whole answer of `GET /v1/id` (head and `{"id":"…"}` body).
        static func containsWholeAnswer(_ bytes: [UInt8]) -> Bool {
            String(decoding: bytes, as: UTF8.self).contains(#""}"#)
        }

        /// The process's resident memory, from `/proc/self/statm`; `nil` where there is none.
        static func residentBytes() -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
    }

    /// Header blocks that never end well: one header far longer than any limit, or header lines
    /// without end.
    enum HeaderAttack: String, CustomTestStringConvertible, Sendable {
        case oversized
        case endless

        /// What the attacker sends, over and over, after the request line and `Host`.
        var chunk: [UInt8] {
            switch self {
            case .oversized: Array(("X-Oversized: " + String(repeating: "a", count: 1 << 20)).utf8)
            case .endless: Array("X-Endless: header\r\n".utf8)
            }
        }

        var testDescription: String { rawValue }
    }
#endif
