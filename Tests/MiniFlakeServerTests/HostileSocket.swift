#if Server
    import Foundation
    import MiniFlakeTestSupport

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// `close(2)`, under a name the socket's own `close()` does not hide.
    private func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// A client socket to 127.0.0.1 that misbehaves on purpose: it sends without reading, a
    /// byte at a time, or never at all. Non-blocking, with small kernel buffers of its own, so
    /// that what the server takes in shows in what the client manages to send. Its calls
    /// block, so tests make them through `LoopbackHTTP.offThePool`.
    struct HostileSocket: Sendable {
        /// What a flood came to.
        struct Flood: Sendable {
            /// The bytes the server's side of the connection took in.
            var sent = 0
            /// Whether the server closed or reset the connection.
            var closed = false
        }

        let descriptor: Int32

        /// Connects to the port.
        ///
        /// - Parameter bufferBytes: The socket's send and receive buffers (the kernel doubles
        ///   them); fixed, so that the kernel does not grow them while the server reads.
        init(port: Int, bufferBytes: Int32 = 65_536) throws {
            descriptor = try LoopbackHTTP.connectedSocket(port: port) { descriptor in
                var size = bufferBytes
                let length = socklen_t(MemoryLayout<Int32>.size)
                _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, length)
                _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, length)
                var one: Int32 = 1
                _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, length)
                #if canImport(Darwin)
                    _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, length)
                #endif
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }

        /// Closes the socket.
        func close() {
            closeDescriptor(descriptor)
        }

        /// Sends `chunk` over and over and never reads, until the server has taken nothing for
        /// `quietMilliseconds`, closes the connection, or has taken `limit` bytes.
        func flood(_ chunk: [UInt8], limit: Int, quietMilliseconds: Int32) -> Flood {
            var flood = Flood()
            var offset = 0
            while flood.sent < limit {
                let count = chunk[offset...].withUnsafeBytes { sendSome($0) }
                if count > 0 {
                    flood.sent += count
                    offset = (offset + count) % chunk.count
                    continue
                }
                guard count == 0 else {
                    flood.closed = true
                    break
                }
                guard waitUntil(events: Int16(POLLOUT), milliseconds: quietMilliseconds) else { break }
            }
            return flood
        }

        /// Sends all the bytes, waiting for room whenever the socket is full.
        func sendAll(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { sendSome($0) }
                guard sent >= 0 else { throw LoopbackHTTP.Failure(description: "the server closed the connection") }
                if sent == 0 { _ = waitUntil(events: Int16(POLLOUT), milliseconds: 1_000) }
                offset += sent
            }
        }

        /// Sends the bytes one per `send`, waiting for room whenever the socket is full.
        func sendOneByteAtATime(_ bytes: [UInt8]) throws {
            for byte in bytes {
                var sent = 0
                while sent == 0 {
                    sent = withUnsafeBytes(of: byte) { sendSome($0) }
                    guard sent >= 0 else { throw LoopbackHTTP.Failure(description: "the server closed the connection") }
                    if sent == 0 { _ = waitUntil(events: Int16(POLLOUT), milliseconds: 1_000) }
                }
            }
        }

        /// Reads what arrives until `enough` says so, the server closes the connection, or
        /// nothing arrives for `quietMilliseconds`.
        ///
        /// - Returns: The bytes read, and whether the server closed the connection.
        func receive(quietMilliseconds: Int32, until enough: ([UInt8]) -> Bool) -> (bytes: [UInt8], closed: Bool) {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while !enough(bytes) {
                guard waitUntil(events: Int16(POLLIN), milliseconds: quietMilliseconds) else { return (bytes, false) }
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    bytes += chunk[0..<count]
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    return (bytes, true)
                }
            }
            return (bytes, false)
        }

        /// Sends what the socket takes now: the count, 0 when it is full, -1 when the
        /// connection is gone.
        private func sendSome(_ bytes: UnsafeRawBufferPointer) -> Int {
            #if canImport(Darwin)
                let count = send(descriptor, bytes.baseAddress, bytes.count, 0)
            #else
                let count = send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            #endif
            if count >= 0 { return count }
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1
        }

        /// Whether the socket is ready for the events within the time.
        private func waitUntil(events: Int16, milliseconds: Int32) -> Bool {
            var descriptors = pollfd(fd: descriptor, events: events, revents: 0)
            return poll(&descriptors, 1, milliseconds) > 0
        }
    }
#endif
