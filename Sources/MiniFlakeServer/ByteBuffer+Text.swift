#if Server
    import Hummingbird
    import MiniFlake

    extension ByteBuffer {
        /// Appends a moment as ISO 8601 UTC with milliseconds, `2024-05-01T12:00:00.123Z`.
        mutating func writeISO8601Time(millisecondsSince1970 milliseconds: Int64) {
            writeWithUnsafeMutableBytes(minimumWritableBytes: ISO8601Time.maximumLength) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return ISO8601Time.write(
                    millisecondsSince1970: milliseconds, to: base.assumingMemoryBound(to: UInt8.self))
            }
        }

        /// Appends a non-negative integer in decimal, without padding.
        @inline(__always)
        mutating func writeDecimal(_ value: UInt64) {
            var digits = 1
            var rest = value / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            writePaddedDecimal(value, digits: digits)
        }

        /// Appends an integer in decimal, with a minus sign when it is negative.
        mutating func writeDecimal(_ value: Int64) {
            if value < 0 {
                writeInteger(UInt8(ascii: "-"))
            }
            writeDecimal(value.magnitude)
        }

        /// Appends the lowest `digits` decimal digits of a value, zero-padded on the left.
        @inline(__always)
        mutating func writePaddedDecimal(_ value: UInt64, digits: Int) {
            writeWithUnsafeMutableBytes(minimumWritableBytes: digits) { bytes in
                var rest = value
                var position = digits
                while position > 0 {
                    position -= 1
                    bytes[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                return digits
            }
        }

        /// Appends a JSON string literal: the text in quotes, with quotes, backslashes and control
        /// characters escaped.
        mutating func writeJSONString(_ text: some StringProtocol) {
            writeInteger(UInt8(ascii: "\""))
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                // Nothing to escape, as with every ID text and layout name: one copy.
                writeBytes(text.utf8)
            } else {
                for byte in text.utf8 {
                    writeEscaped(byte)
                }
            }
            writeInteger(UInt8(ascii: "\""))
        }

        /// Appends one byte of a JSON string, escaped if JSON requires it.
        private mutating func writeEscaped(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                writeInteger(UInt8(ascii: "\\"))
                writeInteger(byte)
            case UInt8(ascii: "\n"):
                writeStaticString("\\n")
            case UInt8(ascii: "\r"):
                writeStaticString("\\r")
            case UInt8(ascii: "\t"):
                writeStaticString("\\t")
            case 0..<0x20:
                writeStaticString("\\u00")
                writeInteger(Self.hexDigits[Int(byte >> 4)])
                writeInteger(Self.hexDigits[Int(byte & 0xF)])
            default:
                writeInteger(byte)
            }
        }

        /// A JSON object key with its colon: `"name":`.
        @inline(__always)
        mutating func writeJSONKey(_ key: StaticString) {
            writeInteger(UInt8(ascii: "\""))
            writeStaticString(key)
            writeStaticString("\":")
        }

        private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    }
#endif
