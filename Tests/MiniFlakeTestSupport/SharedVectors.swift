import Foundation

/// The shared test vectors, `vectors/miniflake-ids.json`: what every implementation of the
/// layouts (Swift, the SQL functions, the inspector page) must agree on.
///
/// ``SharedVectors/generated()`` makes them from the Swift implementation; the committed file
/// must equal its output (`MINIFLAKE_WRITE_VECTORS=1 swift test --filter SharedVectorTests`
/// rewrites it).
package struct SharedVectors: Codable, Sendable, Equatable {
    /// The version of the file's format; a new field or vector that an older reader would
    /// misread raises it.
    package var version: Int
    /// What the file is, for a person reading it.
    package var about: [String]
    /// One entry per preset layout.
    package var layouts: [Layout]
    /// Text that no layout reads as an ID, with the code of the reason.
    package var refusedText: [RefusedText]
    /// IDs of every preset with their UUIDs.
    package var uuids: [UUIDVector]
    /// UUIDs that no ID made, with the code of the reason.
    package var refusedUUIDs: [RefusedUUID]

    /// A layout's definition and its vectors.
    package struct Layout: Codable, Sendable, Equatable {
        /// The preset's name, as `--layout` and `?layout=` take it.
        package var name: String
        package var timestampBits: Int
        package var sequenceBits: Int
        package var instanceBits: Int
        /// `timestamp-sequence-instance` or `timestamp-instance-sequence`, highest field first.
        package var fieldOrder: String
        package var epochMillisecondsSince1970: Int64
        package var tickMilliseconds: Int64
        /// The last moment a timestamp of the layout stands for.
        package var lastMillisecondsSince1970: Int64
        /// IDs with their parts and text forms.
        package var ids: [IDVector]
        /// Moments with the smallest ID of their tick.
        package var firstIDs: [FirstIDVector]
        /// Inputs this layout refuses.
        package var refused: [Refused]
    }

    /// An ID, its text forms and its parts.
    package struct IDVector: Codable, Sendable, Equatable {
        /// Why this ID is here (`epoch`, `largest`, `random`, …).
        package var note: String
        /// The ID in decimal (a string: a JavaScript number cannot hold every ID).
        package var id: String
        package var base32: String
        package var hex: String
        /// The start of its tick.
        package var millisecondsSince1970: Int64
        /// The start of its tick, ISO 8601 UTC with milliseconds.
        package var time: String
        package var tick: Int64
        package var sequence: Int
        package var instance: Int
    }

    /// A moment and the smallest ID of the tick that holds it.
    package struct FirstIDVector: Codable, Sendable, Equatable {
        /// The moment as ISO 8601, always with a zone.
        package var time: String
        package var millisecondsSince1970: Int64
        /// The smallest ID, in decimal.
        package var id: String
    }

    /// An input a layout refuses, and the code of the reason.
    package struct Refused: Codable, Sendable, Equatable {
        /// `decode` (the input is a raw 64-bit value) or `first_id_at` (the input is a moment).
        package var operation: String
        package var input: String
        /// `negative`, `before_epoch`, `after_last_tick` (for `decode`: a value above the
        /// layout's largest ID) or `invalid_time`.
        package var code: String
    }

    /// Text that is not an ID in a format.
    package struct RefusedText: Codable, Sendable, Equatable {
        /// `decimal`, `hex` or `base32`.
        package var format: String
        package var input: String
        /// `FlakeParseError.code`: `empty`, `too_long`, `sign_not_allowed`,
        /// `invalid_character`, `overflow` or `wrong_symbol_count`.
        package var code: String
    }

    /// An ID of a preset layout and its UUID.
    package struct UUIDVector: Codable, Sendable, Equatable {
        /// The preset's name.
        package var layout: String
        /// Why this ID is here (`epoch`, `last tick`, `largest`, `random`, …).
        package var note: String
        /// The ID in decimal.
        package var id: String
        /// The canonical lowercase UUID.
        package var uuid: String
        /// The ID's time, which is the UUID's `unix_ts_ms`.
        package var millisecondsSince1970: Int64
    }

    /// A UUID (as text) that gives back no ID, and the code of the reason.
    package struct RefusedUUID: Codable, Sendable, Equatable {
        /// What is wrong with it, for a person.
        package var note: String
        package var input: String
        /// `FlakeUUIDError.code`: `malformed_uuid`, `not_version_7`, `wrong_variant`,
        /// `unknown_layout`, `checksum_mismatch`, `after_last_tick` or `time_mismatch`.
        package var code: String
    }

    /// Where the file is: `vectors/miniflake-ids.json` at the repository's root.
    package static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors").appendingPathComponent("miniflake-ids.json")

    /// The committed file.
    package static func load() throws -> SharedVectors {
        try JSONDecoder().decode(SharedVectors.self, from: Data(contentsOf: fileURL))
    }

    /// The file's bytes for these vectors: sorted keys, two-space indentation, a final newline.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
