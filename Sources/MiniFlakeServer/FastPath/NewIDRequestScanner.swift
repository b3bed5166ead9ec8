#if Server
    /// Recognises, in the raw bytes of a connection, a request that ``NewIDWireFastPath`` may
    /// answer itself: `GET /v1/id` (with or without a query) over HTTP/1.1, with no body, no
    /// `Expect`, no `Upgrade`, and no `Connection` other than `keep-alive`. It is strict on
    /// purpose: anything it does not recognise, every malformed request included, is
    /// ``Scan/other`` and goes to SwiftNIO's HTTP parser and the router, which answer it as
    /// before. A pure function of the bytes, with its own tests.
    enum NewIDRequestScanner {
        /// What the bytes at the start of a connection's unread input are.
        enum Scan: Equatable {
            /// A whole `GET /v1/id` request of `length` bytes; `accept` is its `Accept` header.
            case newID(length: Int, accept: String?)
            /// The start of one: more bytes are needed to tell.
            case incomplete
            /// Anything else, for the HTTP parser.
            case other
        }

        /// The longest request recognised; a longer one goes to the HTTP parser.
        static let maximumLength = 8192

        private static let requestLinePrefix = Array("GET /v1/id".utf8)
        private static let version = Array("HTTP/1.1\r\n".utf8)
        private static let refusedHeaders: [[UInt8]] = ["content-length", "transfer-encoding", "expect", "upgrade"]
            .map { Array($0.utf8) }
        private static let connection = Array("connection".utf8)
        private static let keepAlive = Array("keep-alive".utf8)
        private static let accept = Array("accept".utf8)
        private static let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)

        /// Scans the bytes at the start of `bytes`.
        static func scan(_ bytes: UnsafeRawBufferPointer) -> Scan {
            var reader = Reader(bytes: bytes)
            switch reader.expect(requestLinePrefix) {
            case .matched: break
            case .needMore: return .incomplete
            case .mismatched: return .other
            }
            // The target is /v1/id, or /v1/id and a query of visible characters.
            guard let afterPath = reader.next() else { return .incomplete }
            if afterPath == UInt8(ascii: "?") {
                while true {
                    guard let byte = reader.next() else { return reader.incompleteOrTooLong }
                    if byte == UInt8(ascii: " ") { break }
                    guard (0x21...0x7E).contains(byte) else { return .other }
                }
            } else if afterPath != UInt8(ascii: " ") {
                return .other
            }
            switch reader.expect(version) {
            case .matched: break
            case .needMore: return reader.incompleteOrTooLong
            case .mismatched: return .other
            }
            var acceptValue: String?
            while true {
                guard let found = reader.line() else { return reader.incompleteOrTooLong }
                guard let range = found else { return .other }
                if range.isEmpty { return .newID(length: reader.offset, accept: acceptValue) }
                let line = bytes[range]
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > range.lowerBound,
                    bytes[range.lowerBound..<colon].allSatisfy(isTokenByte)
                else { return .other }
                let name = bytes[range.lowerBound..<colon]
                let value = trimmed(bytes[(colon + 1)..<range.upperBound])
                guard value.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) || $0 >= 0x80 }) else {
                    return .other
                }
                if refusedHeaders.contains(where: { equalIgnoringCase(name, $0) }) { return .other }
                if equalIgnoringCase(name, connection), !equalIgnoringCase(value, keepAlive) { return .other }
                if equalIgnoringCase(name, accept) {
                    guard acceptValue == nil else { return .other }
                    acceptValue = String(decoding: value, as: UTF8.self)
                }
            }
        }

        /// Whether ``scan(_:)`` may now settle a request that it last found incomplete, when the
        /// first `searchedWithoutEnd` bytes were already searched: whether the bytes hold the end
        /// of the header block or a bare CR or LF (after which the scan is never incomplete), or
        /// reach ``maximumLength``. It goes through only the bytes added since (and the three
        /// before them, which may start the blank line), so that a request arriving a byte at a
        /// time is searched in time linear in its length, not scanned again from its start.
        static func mayBeSettled(_ bytes: UnsafeRawBufferPointer, searchedWithoutEnd: Int) -> Bool {
            if bytes.count >= maximumLength { return true }
            let cr = UInt8(ascii: "\r")
            let lf = UInt8(ascii: "\n")
            var index = max(searchedWithoutEnd - 3, 0)
            while index < bytes.count {
                let byte = bytes[index]
                if byte == lf {
                    // A bare LF, or the CRLF that ends a blank line.
                    guard index > 0, bytes[index - 1] == cr else { return true }
                    if index >= 3, bytes[index - 2] == lf, bytes[index - 3] == cr { return true }
                } else if byte == cr, index + 1 < bytes.count, bytes[index + 1] != lf {
                    return true
                }
                index += 1
            }
            return false
        }

        /// A cursor over the bytes that knows when it ran out.
        private struct Reader {
            let bytes: UnsafeRawBufferPointer
            var offset = 0

            /// `incomplete` below the longest request recognised, `other` beyond it.
            var incompleteOrTooLong: Scan { bytes.count >= maximumLength ? .other : .incomplete }

            mutating func next() -> UInt8? {
                guard offset < bytes.count else { return nil }
                defer { offset += 1 }
                return bytes[offset]
            }

            enum Match { case matched, needMore, mismatched }

            /// Consumes `expected` if the bytes start with it here.
            mutating func expect(_ expected: [UInt8]) -> Match {
                for byte in expected {
                    guard let next = next() else { return .needMore }
                    guard next == byte else { return .mismatched }
                }
                return .matched
            }

            /// Where the next line is, without its CRLF: `nil` when it has not all arrived,
            /// `.some(nil)` for a line with a bare CR or LF.
            mutating func line() -> Range<Int>?? {
                let start = offset
                while offset < bytes.count {
                    let byte = bytes[offset]
                    if byte == UInt8(ascii: "\n") { return .some(nil) }
                    if byte == UInt8(ascii: "\r") {
                        guard offset + 1 < bytes.count else { return nil }
                        guard bytes[offset + 1] == UInt8(ascii: "\n") else { return .some(nil) }
                        let line = start..<offset
                        offset += 2
                        return .some(line)
                    }
                    offset += 1
                }
                return nil
            }
        }

        /// Whether a byte may be part of a header name (RFC 9110's `tchar`).
        private static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                tokenSymbols.contains(byte)
            }
        }

        /// A header value without its surrounding spaces and tabs.
        private static func trimmed(_ value: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
            let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            guard let first = value.firstIndex(where: { !isBlank($0) }),
                let last = value.lastIndex(where: { !isBlank($0) })
            else { return value[value.startIndex..<value.startIndex] }
            return value[first...last]
        }

        /// Whether bytes equal a lower-case ASCII name, ignoring the bytes' case.
        private static func equalIgnoringCase(_ bytes: Slice<UnsafeRawBufferPointer>, _ lowercase: [UInt8]) -> Bool {
            bytes.count == lowercase.count
                && zip(bytes, lowercase).allSatisfy { byte, expected in
                    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
                }
        }
    }
#endif
