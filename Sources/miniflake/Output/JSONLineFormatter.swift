#if CLI
    import MiniFlake

    /// Writes an ID and its parts as one line of JSON, the form both `generate --format json`
    /// and `decode --json` print:
    ///
    /// ```json
    /// {"id":"175928847299117063","base32":"04W86BB0G4007","hex":"0271065ac1020007","time":"2016-04-30T11:18:25.796Z","millisecondsSince1970":1462015105796,"sequence":7,"instance":32,"layout":"discord"}
    /// ```
    ///
    /// The ID is a string, as JavaScript cannot hold 63-bit integers in its numbers.
    struct JSONLineFormatter {
        /// The layout the parts are read with.
        let layout: FlakeLayout
        /// `,"layout":"NAME"}` and a line break, escaped once.
        private let closing: [UInt8]
        /// The text of the last time written.
        private var timeCache = ISO8601TimeCache()

        /// Makes a formatter for IDs of one layout.
        init(layout: FlakeLayout) {
            self.layout = layout
            self.closing = Array(",\"layout\":\(Self.quoted(layout.name))}\n".utf8)
        }

        /// The most bytes one line takes: 88 bytes of keys and punctuation, at most 140 of
        /// values (19 + 13 + 16 + 32 + 20 + 20 + 20), and the closing.
        var maximumLength: Int {
            228 + closing.count
        }

        /// Writes one line, line break included, and returns its length.
        @inline(__always)
        mutating func write(_ id: FlakeID, to out: UnsafeMutablePointer<UInt8>) -> Int {
            let parts = layout.parts(of: id)
            let bits = UInt64(id.rawValue)
            var length = ByteWriter.copy("{\"id\":\"", to: out)
            length += ByteWriter.decimal(bits, to: out + length)
            length += ByteWriter.copy("\",\"base32\":\"", to: out + length)
            length += ByteWriter.base32(bits, to: out + length)
            length += ByteWriter.copy("\",\"hex\":\"", to: out + length)
            length += ByteWriter.hex(bits, to: out + length)
            length += ByteWriter.copy("\",\"time\":\"", to: out + length)
            length += timeCache.write(millisecondsSince1970: parts.millisecondsSince1970, to: out + length)
            length += ByteWriter.copy("\",\"millisecondsSince1970\":", to: out + length)
            length += ByteWriter.decimal(parts.millisecondsSince1970, to: out + length)
            length += ByteWriter.copy(",\"sequence\":", to: out + length)
            length += ByteWriter.decimal(UInt64(parts.sequence), to: out + length)
            length += ByteWriter.copy(",\"instance\":", to: out + length)
            length += ByteWriter.decimal(UInt64(parts.instanceNumber), to: out + length)
            length += closing.withUnsafeBufferPointer { ByteWriter.copy($0, to: out + length) }
            return length
        }

        /// A string as a JSON string literal, quotes included.
        static func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
    }
#endif
