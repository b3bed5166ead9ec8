/// One record of an ``InstanceClaimStore``: the claim of an instance number in an account, named
/// for the number (`instance-17`), or the scratch record a claimer writes to read the server's
/// clock (`clock-` and its installation).
///
/// The claimer sets the fields; the store sets ``changeTag`` and ``modifiedMilliseconds`` from the
/// server's answer, and compares ``changeTag`` when it replaces a record. Times are milliseconds
/// since 1970, as the rest of MiniFlake keeps them.
public struct InstanceClaimRecord: Sendable, Hashable {
    /// The record's name, unique in the store (CloudKit's record name in the claims zone).
    public var name: String
    /// The installation that holds the number (``DeviceFlakeIssuer/installation``'s text).
    public var holder: String
    /// The holder's high-water mark when it last wrote the record, in ticks of the layout: every
    /// identifier it had issued under the number by then is below it.
    public var markTick: Int64
    /// When the holder last wrote the record, in milliseconds since 1970 by the holder's own clock;
    /// informative only (silence is measured by ``modifiedMilliseconds``, the server's clock).
    public var heartbeatMilliseconds: Int64
    /// Whether the holder gave the number up (signed out): another installation may take it at
    /// once, above ``markTick``.
    public var released: Bool
    /// The server's version of the record, or `nil` for a record not yet saved.
    public var changeTag: String?
    /// When the server last saved the record (its `modificationDate`), in milliseconds since 1970
    /// by the server's clock, or `nil` for a record not yet saved.
    public var modifiedMilliseconds: Int64?

    /// Makes a record.
    public init(
        name: String, holder: String, markTick: Int64, heartbeatMilliseconds: Int64, released: Bool = false,
        changeTag: String? = nil, modifiedMilliseconds: Int64? = nil
    ) {
        self.name = name
        self.holder = holder
        self.markTick = markTick
        self.heartbeatMilliseconds = heartbeatMilliseconds
        self.released = released
        self.changeTag = changeTag
        self.modifiedMilliseconds = modifiedMilliseconds
    }

    /// The name of the record that claims `instance`: `instance-17`.
    package static func name(instance: Int) -> String { "instance-\(instance)" }

    /// The instance number a claim's name stands for, or `nil` for another record.
    package var instance: Int? {
        guard name.hasPrefix("instance-") else { return nil }
        return Int(name.dropFirst("instance-".count))
    }
}
