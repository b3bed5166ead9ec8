#if CLI && Server
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A blocking HTTP/1.1 request on 127.0.0.1 (one request per connection), enough to talk to a
    /// `miniflake serve` child process without an HTTP client library.
    enum LoopbackHTTP {
        /// A response: its status code and body.
        struct Response {
            /// The status code, such as 200.
            let status: Int
            /// The body as text.
            let body: String
        }

        /// Why a request failed.
        struct Failure: Error, CustomStringConvertible {
            /// What went wrong.
            let description: String
        }

        /// Sends `GET path` to the port and returns the whole response; gives up after
        /// `timeoutSeconds` without data.
        static func get(port: Int, path: String, accept: String = "text/plain", timeoutSeconds: Int = 30) throws
            -> Response
        {
            try request("GET", port: port, path: path, headers: ["Accept": accept], timeoutSeconds: timeoutSeconds)
        }

        /// Sends `METHOD path` with the headers and body to the port and returns the whole
        /// response; gives up after `timeoutSeconds` without data.
        static func request(
            _ method: String, port: Int, path: String, headers: [String: String] = [:], body: String = "",
            timeoutSeconds: Int = 30
        ) throws -> Response {
            #if canImport(Darwin)
                let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #else
                let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #endif
            guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
            defer { close(descriptor) }
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
                throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)")
            }
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                head += "\(name): \(value)\r\n"
            }
            head += "Content-Length: \(body.utf8.count)\r\n\r\n"
            let request = Array((head + body).utf8)
            var sent = 0
            while sent < request.count {
                let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                sent += count
            }
            // Read until the body is as long as Content-Length says, or the server closes.
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var header: (end: Int, text: String, length: Int?)?
            while true {
                if let header, let length = header.length, bytes.count >= header.end + length { break }
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { break }
                guard count > 0 else { throw Failure(description: "recv failed: errno \(errno)") }
                bytes += chunk[0..<count]
                if header == nil, let end = Self.endOfHeader(bytes) {
                    let text = String(decoding: bytes[..<end], as: UTF8.self)
                    header = (end, text, Self.contentLength(text))
                }
            }
            guard let header else { throw Failure(description: "no end of headers in \(bytes.count) bytes") }
            let statusLine = header.text.prefix { $0 != "\r" }
            let fields = statusLine.split(separator: " ")
            guard fields.count >= 2, let status = Int(fields[1]) else {
                throw Failure(description: "bad status line '\(statusLine)'")
            }
            let body = String(decoding: bytes[header.end...], as: UTF8.self)
            return Response(status: status, body: body)
        }

        /// The offset just past the blank line that ends the header, if it has arrived.
        private static func endOfHeader(_ bytes: [UInt8]) -> Int? {
            let blankLine: [UInt8] = [13, 10, 13, 10]
            guard bytes.count >= 4 else { return nil }
            for start in 0...(bytes.count - 4) where bytes[start..<start + 4].elementsEqual(blankLine) {
                return start + 4
            }
            return nil
        }

        /// The Content-Length field of a header, if it has one.
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
#endif
