import MiniFlake
import MiniFlakeSupport

extension SharedVectors {
    /// The vectors as the Swift implementation makes them, from a fixed seed: the same file on
    /// every run.
    package static func generated() throws -> SharedVectors {
        var random = SeededGenerator(seed: 0x5EED_0024)
        return SharedVectors(
            version: 1,
            about: [
                "MiniFlake's shared test vectors: the contract for every implementation of its layouts.",
                "IDs are decimal strings (a JavaScript number cannot hold every 63-bit ID).",
                "Times are ISO 8601; the start of a tick is written in UTC with milliseconds.",
                "A tick's time is epochMillisecondsSince1970 + tick * tickMilliseconds.",
                "firstIDs: the smallest ID of the tick that holds the moment (sequence 0, instance 0).",
                "refused codes: negative, before_epoch, after_last_tick (a decoded ID above the layout's largest, or a time), invalid_time;",
                "refusedText codes: empty, too_long, sign_not_allowed, invalid_character, overflow, wrong_symbol_count.",
                "uuids: IDs as RFC 9562 version-7 UUIDs; vectors/README.md has the bit layout.",
                "refusedUUIDs codes: malformed_uuid, not_version_7, wrong_variant, unknown_layout, checksum_mismatch, "
                    + "after_last_tick, time_mismatch.",
            ],
            layouts: try FlakeLayout.presets.map { try layoutVectors($0, random: &random) },
            refusedText: refusedText, uuids: try uuidVectors(), refusedUUIDs: try refusedUUIDs())
    }

    private static func layoutVectors(_ layout: FlakeLayout, random: inout SeededGenerator) throws -> Layout {
        let march = try present(ISO8601Time.millisecondsSince1970(parsing: "2026-03-01T00:00:00Z"))
        var ids = [
            try idVector("epoch", layout, tick: 0, sequence: 0, instance: 0),
            try idVector(
                "epoch, largest sequence and instance", layout, tick: 0, sequence: layout.maximumSequence,
                instance: layout.maximumInstanceNumber),
            try idVector("last tick", layout, tick: layout.maximumTick, sequence: 0, instance: 0),
            try idVector(
                "largest", layout, tick: layout.maximumTick, sequence: layout.maximumSequence,
                instance: layout.maximumInstanceNumber),
            try idVector(
                "2026-03-01T00:00:00Z, sequence 1, instance 2", layout,
                tick: layout.tick(millisecondsSince1970: march), sequence: 1, instance: 2),
        ]
        for _ in 0..<12 {
            ids.append(
                try idVector(
                    "random", layout, tick: Int64.random(in: 0...layout.maximumTick, using: &random),
                    sequence: Int.random(in: 0...layout.maximumSequence, using: &random),
                    instance: Int.random(in: 0...layout.maximumInstanceNumber, using: &random)))
        }
        let epoch = layout.epochMillisecondsSince1970
        let last = layout.lastMillisecondsSince1970
        var firstIDs = try [
            firstIDVector(ISO8601Time.string(millisecondsSince1970: epoch), layout),
            firstIDVector("2026-03-01T00:00:00Z", layout),
            firstIDVector("2026-04-01T00:00:00Z", layout),
            firstIDVector("2026-03-01T12:34:56.789+01:00", layout),
            firstIDVector("2026-03-01T12:34:56.7891-05:30", layout),
            firstIDVector(ISO8601Time.string(millisecondsSince1970: last), layout),
        ]
        for _ in 0..<8 {
            let moment = Int64.random(in: epoch...last, using: &random)
            firstIDs.append(try firstIDVector(ISO8601Time.string(millisecondsSince1970: moment), layout))
        }
        return Layout(
            name: layout.name, timestampBits: layout.timestampBits, sequenceBits: layout.sequenceBits,
            instanceBits: layout.instanceBits,
            fieldOrder: layout.fieldOrder == .timestampSequenceInstance
                ? "timestamp-sequence-instance" : "timestamp-instance-sequence",
            epochMillisecondsSince1970: epoch, tickMilliseconds: layout.tickMilliseconds,
            lastMillisecondsSince1970: last, ids: ids, firstIDs: firstIDs,
            refused: [
                Refused(operation: "decode", input: "-1", code: "negative"),
                Refused(operation: "decode", input: String(Int64.min), code: "negative"),
            ] + beyondLargest(layout) + [
                Refused(
                    operation: "first_id_at", input: ISO8601Time.string(millisecondsSince1970: epoch - 1),
                    code: "before_epoch"),
                Refused(
                    operation: "first_id_at", input: ISO8601Time.string(millisecondsSince1970: last + 1),
                    code: "after_last_tick"),
                Refused(operation: "first_id_at", input: "2026-02-30T00:00:00Z", code: "invalid_time"),
                Refused(operation: "first_id_at", input: "yesterday at noon", code: "invalid_time"),
            ])
    }

    /// Raw values above the layout's largest ID (a bit above its fields set): none when its
    /// fields take all 63 bits.
    private static func beyondLargest(_ layout: FlakeLayout) -> [Refused] {
        guard layout.largestID < .max else { return [] }
        return [layout.largestID.rawValue + 1, Int64.max].map {
            Refused(operation: "decode", input: String($0), code: "after_last_tick")
        }
    }

    private static func idVector(
        _ note: String, _ layout: FlakeLayout, tick: Int64, sequence: Int, instance: Int
    ) throws -> IDVector {
        let id = try layout.compose(tick: tick, sequence: sequence, instanceNumber: instance)
        let parts = layout.parts(of: id)
        return IDVector(
            note: note, id: id.description, base32: id.base32String, hex: id.hexString,
            millisecondsSince1970: parts.millisecondsSince1970,
            time: ISO8601Time.string(millisecondsSince1970: parts.millisecondsSince1970), tick: parts.tick,
            sequence: parts.sequence, instance: parts.instanceNumber)
    }

    private static func firstIDVector(_ time: String, _ layout: FlakeLayout) throws -> FirstIDVector {
        let milliseconds = try present(ISO8601Time.millisecondsSince1970(parsing: time))
        return FirstIDVector(
            time: time, millisecondsSince1970: milliseconds,
            id: try layout.firstID(atMillisecondsSince1970: milliseconds).description)
    }

    private static let refusedText: [RefusedText] = [
        RefusedText(format: "decimal", input: "", code: "empty"),
        RefusedText(format: "decimal", input: "+1", code: "sign_not_allowed"),
        RefusedText(format: "decimal", input: "-1", code: "sign_not_allowed"),
        RefusedText(format: "decimal", input: "12a", code: "invalid_character"),
        RefusedText(format: "decimal", input: " 1", code: "invalid_character"),
        RefusedText(format: "decimal", input: "9223372036854775808", code: "overflow"),
        RefusedText(format: "decimal", input: "12345678901234567890", code: "too_long"),
        RefusedText(format: "hex", input: "", code: "empty"),
        RefusedText(format: "hex", input: "0x1", code: "invalid_character"),
        RefusedText(format: "hex", input: "8000000000000000", code: "overflow"),
        RefusedText(format: "hex", input: "00000000000000001", code: "too_long"),
        RefusedText(format: "base32", input: "", code: "empty"),
        RefusedText(format: "base32", input: "-0000000000001", code: "sign_not_allowed"),
        RefusedText(format: "base32", input: "ABC", code: "wrong_symbol_count"),
        RefusedText(format: "base32", input: "00000000000000", code: "wrong_symbol_count"),
        RefusedText(format: "base32", input: "U000000000000", code: "invalid_character"),
        RefusedText(format: "base32", input: "8000000000000", code: "overflow"),
    ]

    /// A value that must be there; the generator's inputs are fixed, so a `nil` is a bug.
    static func present<Value>(_ value: Value?) throws -> Value {
        guard let value else { throw MissingValue() }
        return value
    }

    struct MissingValue: Error {}
}
