/// A ``FlakeID`` of a preset layout written as an RFC 9562 version-7 UUID, losslessly: the UUID
/// gives back the identifier and its layout.
///
/// The 128 bits, most significant first:
///
/// | Bits | Field |
/// | --- | --- |
/// | 48 | `unix_ts_ms`: the start of the ID's tick, in milliseconds since 1970 |
/// | 4 | version, `0111` |
/// | 12 | the ID's raw value, bits 62 to 51 (`rand_a`) |
/// | 2 | variant, `10` |
/// | 51 | the ID's raw value, bits 50 to 0 |
/// | 3 | layout tag: the layout's index in ``FlakeLayout/presets`` |
/// | 8 | check: (raw value × 8 + tag) mod 251 |
///
/// Tools that read version-7 UUIDs read the ID's time from them. Within one layout, UUIDs
/// compare as their identifiers do, byte by byte (as PostgreSQL's `uuid` compares), and so
/// do their lowercase strings. Reading one back checks, in order: the version, the variant,
/// the tag, the check, that the layout holds the ID, and that `unix_ts_ms` is its time.
///
/// ```swift
/// let uuid = try FlakeUUID(id, layout: .miniFlake)
/// print(uuid)                               // 0193ed5a-c000-70c3-a000-0000000000b9 form
/// let back = try FlakeUUID(parsing: uuid.uuidString)
/// // back.id == id, back.layout == .miniFlake
/// ```
public struct FlakeUUID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifier.
    public let id: FlakeID
    /// The preset layout the identifier is read with.
    public let layout: FlakeLayout
    /// The UUID's first 8 bytes as a big-endian integer.
    public let high: UInt64
    /// The UUID's last 8 bytes as a big-endian integer.
    public let low: UInt64

    /// The UUID of an identifier of a preset layout.
    ///
    /// - Throws: ``FlakeUUIDError/Code/unknownLayout`` for a layout that is not one of
    ///   ``FlakeLayout/presets``; ``FlakeUUIDError/Code/afterLastTick`` for an ID the layout
    ///   cannot hold.
    public init(_ id: FlakeID, layout: FlakeLayout = .miniFlake) throws(FlakeUUIDError) {
        guard let tag = FlakeLayout.presets.firstIndex(of: layout) else {
            throw FlakeUUIDError(
                .unknownLayout, message: "layout \(layout.name) is not a preset; only presets have UUIDs")
        }
        guard layout.contains(id) else {
            throw FlakeUUIDError(.afterLastTick, message: FlakeError.afterLastTick(id, layout: layout).message)
        }
        let raw = UInt64(id.rawValue)
        let milliseconds = UInt64(layout.parts(of: id).millisecondsSince1970)
        self.id = id
        self.layout = layout
        self.high = milliseconds << 16 | 0x7000 | raw >> 51
        self.low = 0b10 << 62 | (raw & Self.lowRawMask) << 11 | UInt64(tag) << 8 | Self.check(raw, tag: UInt64(tag))
    }

    /// Reads a UUID from its two big-endian halves.
    ///
    /// - Throws: ``FlakeUUIDError`` for a UUID that no identifier made, naming the first
    ///   check that fails.
    public init(high: UInt64, low: UInt64) throws(FlakeUUIDError) {
        let shown = Self.string(high: high, low: low)
        guard high >> 12 & 0xF == 7 else {
            throw FlakeUUIDError(.notVersion7, message: "UUID \(shown) is version \(high >> 12 & 0xF), not 7")
        }
        guard low >> 62 == 0b10 else {
            throw FlakeUUIDError(.wrongVariant, message: "UUID \(shown) does not have RFC 9562's variant bits 10")
        }
        let tag = low >> 8 & 0x7
        guard tag < FlakeLayout.presets.count else {
            throw FlakeUUIDError(.unknownLayout, message: "UUID \(shown) has layout tag \(tag), which names no preset")
        }
        let layout = FlakeLayout.presets[Int(tag)]
        let raw = (high & 0xFFF) << 51 | low >> 11 & Self.lowRawMask
        guard low & 0xFF == Self.check(raw, tag: tag) else {
            throw FlakeUUIDError(.checksumMismatch, message: "UUID \(shown) was not made from a MiniFlake ID")
        }
        let id = FlakeID(unchecked: Int64(raw))
        guard layout.contains(id) else {
            throw FlakeUUIDError(.afterLastTick, message: FlakeError.afterLastTick(id, layout: layout).message)
        }
        let milliseconds = layout.parts(of: id).millisecondsSince1970
        guard high >> 16 == UInt64(milliseconds) else {
            throw FlakeUUIDError(
                .timeMismatch,
                message: "UUID \(shown) has time \(high >> 16) ms, but its ID \(raw) is from \(milliseconds) ms")
        }
        self.id = id
        self.layout = layout
        self.high = high
        self.low = low
    }

    /// Orders UUIDs as their 16 bytes compare; within a layout, as their identifiers do.
    public static func < (lhs: FlakeUUID, rhs: FlakeUUID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }

    /// The canonical string, ``uuidString``.
    public var description: String { uuidString }

    /// The raw value's bits 50 to 0, which sit above the tag and check.
    private static let lowRawMask: UInt64 = (1 << 51) - 1

    /// The check bits: the 66-bit number raw value × 8 + tag, modulo 251.
    private static func check(_ raw: UInt64, tag: UInt64) -> UInt64 {
        (raw % 251 * 8 + tag) % 251
    }
}
