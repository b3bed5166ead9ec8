import MiniFlake
import MiniFlakeSupport

extension SharedVectors {
    /// For each preset: the edge IDs and random ones, with their UUIDs. Its own seed, so that
    /// the other vectors stay as they were.
    static func uuidVectors() throws -> [UUIDVector] {
        var random = SeededGenerator(seed: 0x5EED_0033)
        var vectors: [UUIDVector] = []
        for layout in FlakeLayout.presets {
            let march = try present(ISO8601Time.millisecondsSince1970(parsing: "2026-03-01T00:00:00Z"))
            var ids: [(String, FlakeID)] = [
                ("epoch", .min),
                (
                    "epoch, largest sequence and instance",
                    try layout.compose(
                        tick: 0, sequence: layout.maximumSequence, instanceNumber: layout.maximumInstanceNumber)
                ),
                ("last tick", try layout.compose(tick: layout.maximumTick, sequence: 0, instanceNumber: 0)),
                ("largest", layout.largestID),
                (
                    "2026-03-01T00:00:00Z, sequence 1, instance 2",
                    try layout.compose(millisecondsSince1970: march, sequence: 1, instanceNumber: 2)
                ),
            ]
            for _ in 0..<4 {
                let id = try layout.compose(
                    tick: Int64.random(in: 0...layout.maximumTick, using: &random),
                    sequence: Int.random(in: 0...layout.maximumSequence, using: &random),
                    instanceNumber: Int.random(in: 0...layout.maximumInstanceNumber, using: &random))
                ids.append(("random", id))
            }
            for (note, id) in ids {
                vectors.append(
                    UUIDVector(
                        layout: layout.name, note: note, id: id.description,
                        uuid: try FlakeUUID(id, layout: layout).uuidString,
                        millisecondsSince1970: layout.parts(of: id).millisecondsSince1970))
            }
        }
        return vectors
    }

    /// UUIDs that give back no ID, one or more for each code; the reason of random version-7
    /// UUIDs is what the Swift implementation finds first.
    static func refusedUUIDs() throws -> [RefusedUUID] {
        let layout = FlakeLayout.miniFlake
        let march = try present(ISO8601Time.millisecondsSince1970(parsing: "2026-03-01T00:00:00Z"))
        let valid = try FlakeUUID(
            layout.compose(millisecondsSince1970: march, sequence: 1, instanceNumber: 2), layout: layout)
        let (high, low) = (valid.high, valid.low)
        let text = valid.uuidString
        var refused = [
            RefusedUUID(note: "empty", input: "", code: "malformed_uuid"),
            RefusedUUID(note: "not a UUID", input: "not a uuid", code: "malformed_uuid"),
            RefusedUUID(note: "a digit short", input: String(text.dropLast()), code: "malformed_uuid"),
            RefusedUUID(note: "a non-hex digit", input: String(text.dropLast()) + "g", code: "malformed_uuid"),
            RefusedUUID(note: "the nil UUID", input: "00000000-0000-0000-0000-000000000000", code: "not_version_7"),
            RefusedUUID(note: "the max UUID", input: "ffffffff-ffff-ffff-ffff-ffffffffffff", code: "not_version_7"),
            refusal("version 4", high & ~0xF000 | 0x4000, low, "not_version_7"),
            refusal("variant bits 11", high, low | 1 << 62, "wrong_variant"),
            refusal("layout tag 5", high, withTag(5, low: low, raw: valid.id), "unknown_layout"),
            refusal("layout tag 7", high, withTag(7, low: low, raw: valid.id), "unknown_layout"),
            refusal("the ID's lowest bit changed", high, low ^ 1 << 11, "checksum_mismatch"),
            refusal("the check changed", high, low ^ 1, "checksum_mismatch"),
            refusal("unix_ts_ms one millisecond later", high + 1 << 16, low, "time_mismatch"),
        ]
        // A sonyflake ID's time is the start of its 10 ms tick; a millisecond later is not it.
        let sony = try FlakeUUID(
            FlakeLayout.sonyflake.compose(millisecondsSince1970: march, sequence: 3, instanceNumber: 4),
            layout: .sonyflake)
        refused.append(refusal("sonyflake, unix_ts_ms inside the tick", sony.high + 1 << 16, sony.low, "time_mismatch"))
        // js53 with 2^53: every check but the layout's range passes.
        let beyond = UInt64(1) << 53
        let jsTime = UInt64(FlakeLayout.javaScriptSafe.epochMillisecondsSince1970) + (beyond >> 12)
        refused.append(
            refusal(
                "js53, the ID 2^53", jsTime << 16 | 0x7000 | beyond >> 51,
                withTag(4, low: 0b10 << 62 | (beyond & (1 << 51 - 1)) << 11, raw: beyond), "after_last_tick"))
        var random = SeededGenerator(seed: 0x5EED_0034)
        for _ in 0..<4 {
            let randomHigh = UInt64(march) << 16 | 0x7000 | random.next() & 0xFFF
            let randomLow = 0b10 << 62 | random.next() >> 2
            refused.append(try randomRefusal(high: randomHigh, low: randomLow))
        }
        return refused
    }

    /// A refusal of the UUID with these halves.
    private static func refusal(_ note: String, _ high: UInt64, _ low: UInt64, _ code: String) -> RefusedUUID {
        RefusedUUID(note: note, input: FlakeUUID.string(high: high, low: low), code: code)
    }

    /// A random version-7 UUID and the code Swift refuses it with; it must be refused.
    private static func randomRefusal(high: UInt64, low: UInt64) throws -> RefusedUUID {
        do {
            _ = try FlakeUUID(high: high, low: low)
            throw MissingValue()
        } catch let error as FlakeUUIDError {
            return refusal("a random version-7 UUID", high, low, error.code.rawValue)
        }
    }

    /// The low half with this layout tag and the check that goes with it and the raw value.
    private static func withTag(_ tag: UInt64, low: UInt64, raw: FlakeID) -> UInt64 {
        withTag(tag, low: low, raw: UInt64(raw.rawValue))
    }

    private static func withTag(_ tag: UInt64, low: UInt64, raw: UInt64) -> UInt64 {
        low & ~0x7FF | tag << 8 | (raw % 251 * 8 + tag) % 251
    }
}
