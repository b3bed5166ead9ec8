import MiniFlake

/// Writes an identifier's details as one JSON object, the form of `GET /v1/id`,
/// `GET /v1/ids/{id}`, `miniflake generate --format json` and `miniflake decode --json`:
///
/// ```json
/// {"id":"175928847299117063","base32":"04W86BB0G4007","hex":"0271065ac1020007","time":"2016-04-30T11:18:25.796Z","millisecondsSince1970":1462015105796,"sequence":7,"instance":32,"layout":"discord"}
/// ```
///
/// The ID is a string, as JavaScript cannot hold 63-bit integers in its numbers. The one
/// writer of this object (package access, not public API); it remembers the last time it
/// wrote, so that the IDs of one millisecond cost one calendar computation between them.
package struct FlakeIDDetailsJSON {
    /// The layout the parts are read with, whose name ends the object.
    package let layout: FlakeLayout
    /// The text of the last time written.
    private var timeCache = ISO8601TimeCache()
    /// `,"layout":"NAME"}`, escaped once, when it fits in ``closing``; else 0, and each
    /// object escapes the name again.
    private var closingLength = 0
    /// Room for the closing of any name of up to 100 bytes that needs no escaping.
    private var closing:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
        ) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Makes a writer for identifiers of one layout.
    package init(layout: FlakeLayout) {
        self.layout = layout
        let worstCase = Self.maximumClosingLength(layout)
        let length = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: worstCase) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let length = Self.writeClosing(layout, to: base)
            guard length <= MemoryLayout.size(ofValue: closing) else { return 0 }
            withUnsafeMutableBytes(of: &closing) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: length))
            }
            return length
        }
        closingLength = length
    }

    /// The most bytes one object takes: 88 bytes of keys and punctuation, at most 140 of values
    /// (19 + 13 + 16 + 32 + 20 + 20 + 20), and the layout's name escaped, with its key.
    package var maximumLength: Int {
        228 + Self.maximumClosingLength(layout)
    }

    /// The most bytes the closing takes, `,"layout":"NAME"}` with the name escaped.
    private static func maximumClosingLength(_ layout: FlakeLayout) -> Int {
        11 + JSONString.maximumLength(utf8Count: layout.name.utf8.count)
    }

    /// Writes `,"layout":"NAME"}` and returns its length.
    private static func writeClosing(_ layout: FlakeLayout, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let length = FlakeTextWriter.copy(",\"layout\":", to: out)
        let end = length + JSONString.write(layout.name, to: out + length)
        out[end] = UInt8(ascii: "}")
        return end + 1
    }

    /// Writes the object for an identifier and returns its length, at most ``maximumLength``.
    package mutating func write(_ id: FlakeID, to out: UnsafeMutablePointer<UInt8>) -> Int {
        write(id, parts: layout.parts(of: id), to: out)
    }

    /// Writes the object for an identifier whose parts the caller has already read with
    /// ``layout``, and returns its length, at most ``maximumLength``.
    package mutating func write(_ id: FlakeID, parts: FlakeParts, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = UInt64(id.rawValue)
        var length = FlakeTextWriter.copy("{\"id\":\"", to: out)
        length += FlakeTextWriter.decimal(bits, to: out + length)
        length += FlakeTextWriter.copy("\",\"base32\":\"", to: out + length)
        length += FlakeTextWriter.base32(bits, to: out + length)
        length += FlakeTextWriter.copy("\",\"hex\":\"", to: out + length)
        length += FlakeTextWriter.hex(bits, to: out + length)
        length += FlakeTextWriter.copy("\",\"time\":\"", to: out + length)
        length += timeCache.write(millisecondsSince1970: parts.millisecondsSince1970, to: out + length)
        length += FlakeTextWriter.copy("\",\"millisecondsSince1970\":", to: out + length)
        length += FlakeTextWriter.decimal(parts.millisecondsSince1970, to: out + length)
        length += FlakeTextWriter.copy(",\"sequence\":", to: out + length)
        length += FlakeTextWriter.decimal(UInt64(parts.sequence), to: out + length)
        length += FlakeTextWriter.copy(",\"instance\":", to: out + length)
        length += FlakeTextWriter.decimal(UInt64(parts.instanceNumber), to: out + length)
        guard closingLength > 0 else {
            return length + Self.writeClosing(layout, to: out + length)
        }
        let count = closingLength
        withUnsafeBytes(of: &closing) { bytes in
            guard let base = bytes.baseAddress else { return }
            (out + length).update(from: base.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return length + count
    }
}
