#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Reads lines from a file descriptor in 64 KiB chunks with `read(2)`.
    ///
    /// It knows when the next line needs another `read`, which may block, so a command can
    /// flush its output just then: once per chunk for a file or pipe, once per line for a
    /// person typing.
    final class FileLineReader: LineInput {
        private static let chunkSize = 64 * 1024
        private static let newline = UInt8(ascii: "\n")

        private let descriptor: Int32
        private var buffer: [UInt8] = []
        /// Where the unread bytes begin.
        private var start = 0
        /// How far past `start` is known to hold no line break.
        private var scanned = 0
        private var reachedEnd = false

        /// Reads from `descriptor`, which stays open.
        init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Whether no whole line is buffered and the input has not ended.
        var mayBlock: Bool {
            !reachedEnd && lineBreak() == nil
        }

        /// The next line, without its `\n`; a last line without one counts too.
        func nextLine() throws -> String? {
            while true {
                if let lineBreak = lineBreak() {
                    let line = String(decoding: buffer[start..<lineBreak], as: UTF8.self)
                    start = lineBreak + 1
                    scanned = start
                    return line
                }
                if reachedEnd {
                    guard start < buffer.count else { return nil }
                    let line = String(decoding: buffer[start...], as: UTF8.self)
                    start = buffer.count
                    scanned = start
                    return line
                }
                try fill()
            }
        }

        /// The index of the next `\n` in the buffer, remembering how far it has looked.
        private func lineBreak() -> Int? {
            if let found = buffer[scanned...].firstIndex(of: Self.newline) {
                return found
            }
            scanned = buffer.count
            return nil
        }

        /// Drops the bytes already returned and reads one more chunk.
        private func fill() throws {
            if start > 0 {
                buffer.removeSubrange(0..<start)
                scanned -= start
                start = 0
            }
            let oldCount = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
            var count = 0
            var failure: Int32 = 0
            repeat {
                count = buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return 0 }
                    return read(descriptor, base + oldCount, Self.chunkSize)
                }
                failure = count < 0 ? errno : 0
            } while failure == EINTR
            buffer.removeLast(Self.chunkSize - max(count, 0))
            if count < 0 {
                reachedEnd = true
                throw InputReadError(code: failure)
            }
            if count == 0 {
                reachedEnd = true
            }
        }
    }
#endif
