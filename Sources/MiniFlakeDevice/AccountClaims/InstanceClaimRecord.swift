import Foundation

/// One record of an ``InstanceClaimStore``: the claim of an instance number in an account, named
/// for the number (`instance-17`), or the scratch record a claimer writes to read the server's
/// clock (`clock-` and its installation).
///
/// The claimer sets the fields; the store sets ``changeTag`` and ``modificationDate`` from the
/// server's answer, and compares ``changeTag`` when it replaces a record.
public struct InstanceClaimRecord: Sendable, Hashable {
    /// The record's name, unique in the store (CloudKit's record name in the claims zone).
    public var name: String
    /// The installation that holds the number (``DeviceFlakeIssuer/installation``'s text).
    public var holder: String
    /// The holder's high-water mark when it last wrote the record, in ticks of the layout: every
    /// identifier it had issued under the number by then is below it.
    public var markTick: Int64
    /// When the holder last wrote the record, by the holder's own clock; informative only (silence
    /// is measured by ``modificationDate``, the server's clock).
    public var heartbeat: Date
    /// Whether the holder gave the number up (signed out): another installation may take it at
    /// once, above ``markTick``.
    public var released: Bool
    /// The server's version of the record, or `nil` for a record not yet saved.
    public var changeTag: String?
    /// When the server last saved the record, by the server's clock, or `nil` for a record not
    /// yet saved.
    public var modificationDate: Date?

    /// Makes a record.
    public init(
        name: String, holder: String, markTick: Int64, heartbeat: Date, released: Bool = false,
        changeTag: String? = nil, modificationDate: Date? = nil
    ) {
        self.name = name
        self.holder = holder
        self.markTick = markTick
        self.heartbeat = heartbeat
        self.released = released
        self.changeTag = changeTag
        self.modificationDate = modificationDate
    }

    /// The name of the record that claims `instance`: `instance-17`.
    public static func name(instance: Int) -> String { "instance-\(instance)" }

    /// The instance number a claim's name stands for, or `nil` for another record.
    public var instance: Int? {
        guard name.hasPrefix("instance-") else { return nil }
        return Int(name.dropFirst("instance-".count))
    }
}
