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

    /// Makes a writer for identifiers of one layout.
    package init(layout: FlakeLayout) {
        self.layout = layout
    }

    /// The most bytes one object takes: 88 bytes of keys and punctuation, at most 140 of values
    /// (19 + 13 + 16 + 32 + 20 + 20 + 20), and the layout's name escaped, with its key.
    package var maximumLength: Int {
        228 + 12 + JSONString.maximumLength(utf8Count: layout.name.utf8.count)
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
        length += FlakeTextWriter.copy(",\"layout\":", to: out + length)
        length += JSONString.write(layout.name, to: out + length)
        out[length] = UInt8(ascii: "}")
        return length + 1
    }
}
