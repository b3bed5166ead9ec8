import MiniFlake

/// Writes text as a JSON string literal: in quotes, with quotes, backslashes and control
/// characters escaped (`\n`, `\r`, `\t`, else `\u00XX`); everything else, non-ASCII
/// included, is copied as UTF-8.
///
/// The one JSON string writer of the package, for the command line's JSON lines and the
/// HTTP service's hand-written bodies (package access, not public API).
package enum JSONString {
    /// The most bytes ``write(_:to:)`` writes for text of `utf8Count` bytes.
    package static func maximumLength(utf8Count: Int) -> Int {
        utf8Count * 6 + 2
    }

    /// Writes the text, quotes included, and returns how many bytes it wrote, at most
    /// ``maximumLength(utf8Count:)``.
    package static func write(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var text = text
        return text.withUTF8 { write(utf8: $0, to: out) }
    }

    /// Writes UTF-8 text, quotes included, and returns how many bytes it wrote.
    package static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        var length = 1
        if bytes.allSatisfy({ !needsEscaping($0) }) {
            // Nothing to escape, as with every ID text and layout name: one copy.
            length += FlakeTextWriter.copy(bytes, to: out + 1)
        } else {
            for byte in bytes {
                length += escaped(byte, to: out + length)
            }
        }
        out[length] = UInt8(ascii: "\"")
        return length + 1
    }

    /// Whether JSON needs a byte of a string escaped.
    @inline(__always)
    static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Writes one byte of a string, escaped if JSON requires it.
    private static func escaped(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            out[0] = UInt8(ascii: "\\")
            out[1] = byte
            return 2
        case UInt8(ascii: "\n"):
            return FlakeTextWriter.copy("\\n", to: out)
        case UInt8(ascii: "\r"):
            return FlakeTextWriter.copy("\\r", to: out)
        case UInt8(ascii: "\t"):
            return FlakeTextWriter.copy("\\t", to: out)
        case 0..<0x20:
            let digits = FlakeTextWriter.hexDigits.utf8Start
            let length = FlakeTextWriter.copy("\\u00", to: out)
            out[length] = digits[Int(byte >> 4)]
            out[length + 1] = digits[Int(byte & 0xF)]
            return length + 2
        default:
            out[0] = byte
            return 1
        }
    }
}
