import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `close(2)`, under a name the connection's own `close()` does not hide.
private func closeSocket(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// `send(2)` without flags, under a name the connection's own `send(_:)` does not hide.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    send(descriptor, bytes, count, 0)
}

/// A minimal HTTP/1.1 client over a plain socket to 127.0.0.1, for tests that talk to a real
/// server the way any client on the network would (a separate `miniflake serve` process, or
/// requests pipelined on one connection, which no high-level client sends).
package enum LoopbackHTTP {
    /// One answer: its status, its header block and its body.
    package struct Response: Sendable {
        /// The status code.
        package let status: Int
        /// The status line and the header lines, without the blank line that ends them.
        package let head: String
        /// The body, as text.
        package let body: String

        /// The value of the first header with this name (any case), without surrounding spaces.
        package func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return String(parts[1].drop { $0 == " " })
                }
            }
            return nil
        }
    }

    /// What went wrong talking to the server.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        /// A failure described in one line.
        package init(description: String) {
            self.description = description
        }
    }

    /// `GET path` with an `Accept` header, on a connection of its own.
    package static func get(port: Int, path: String, accept: String = "text/plain", timeoutSeconds: Int = 30) throws
        -> Response
    {
        try request("GET", port: port, path: path, headers: ["Accept": accept], timeoutSeconds: timeoutSeconds)
    }

    /// One request on a connection of its own, which it asks the server to close afterwards.
    package static func request(
        _ method: String, port: Int, path: String, headers: [String: String] = [:], body: String = "",
        timeoutSeconds: Int = 30
    ) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        var connection = try Connection(port: port, timeoutSeconds: timeoutSeconds)
        defer { connection.close() }
        try connection.send(head + body)
        return try connection.readResponse()
    }

    /// Sends every request in one write on one connection (HTTP pipelining), then reads as many
    /// answers, in the order they arrive.
    ///
    /// - Parameter requests: Whole requests, each with its head, blank line and body.
    package static func pipelined(_ requests: [String], port: Int, timeoutSeconds: Int = 30) throws -> [Response] {
        var connection = try Connection(port: port, timeoutSeconds: timeoutSeconds)
        defer { connection.close() }
        try connection.send(requests.joined())
        return try requests.map { _ in try connection.readResponse() }
    }

    /// Runs blocking socket calls on a thread of their own and suspends until they are done,
    /// so that an async test never holds one of Swift's few cooperative threads while it waits
    /// for a server in the same process, which may need those threads to answer.
    package static func offThePool<Value: Sendable>(
        _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A TCP socket connected to 127.0.0.1:`port`, with `configure` applied before it
    /// connects (socket options); the caller closes it.
    package static func connectedSocket(port: Int, configure: (Int32) -> Void = { _ in }) throws -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        configure(descriptor)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let failure = Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)")
            closeSocket(descriptor)
            throw failure
        }
        return descriptor
    }

    /// A connected socket and the bytes read past the last answer.
    private struct Connection {
        let descriptor: Int32
        var pending: [UInt8] = []

        init(port: Int, timeoutSeconds: Int) throws {
            descriptor = try LoopbackHTTP.connectedSocket(port: port) { descriptor in
                var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
                _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            }
        }

        func close() {
            closeSocket(descriptor)
        }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                sent += count
            }
        }

        /// Reads one answer: until its body is as long as `Content-Length` says, or the server
        /// closes the connection.
        mutating func readResponse() throws -> Response {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var header: (end: Int, text: String, length: Int?)?
            while true {
                if header == nil, let end = LoopbackHTTP.endOfHeader(pending) {
                    let text = String(decoding: pending[..<(end - 4)], as: UTF8.self)
                    header = (end, text, LoopbackHTTP.contentLength(text))
                }
                if let header, let length = header.length, pending.count >= header.end + length { break }
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { break }
                guard count > 0 else { throw Failure(description: "recv failed: errno \(errno)") }
                pending += chunk[0..<count]
            }
            guard let header else { throw Failure(description: "no end of headers in \(pending.count) bytes") }
            let statusLine = header.text.prefix { $0 != "\r" }
            let fields = statusLine.split(separator: " ")
            guard fields.count >= 2, let status = Int(fields[1]) else {
                throw Failure(description: "bad status line '\(statusLine)'")
            }
            let bodyEnd = header.length.map { header.end + $0 } ?? pending.count
            let body = String(decoding: pending[header.end..<bodyEnd], as: UTF8.self)
            pending.removeFirst(bodyEnd)
            return Response(status: status, head: header.text, body: body)
        }
    }

    /// Where the blank line after the header ends, if it has arrived.
    private static func endOfHeader(_ bytes: [UInt8]) -> Int? {
        let blankLine: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        for start in 0...(bytes.count - 4) where bytes[start..<start + 4].elementsEqual(blankLine) {
            return start + 4
        }
        return nil
    }

    private static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingPrefix(" "))
            }
        }
        return nil
    }
}
