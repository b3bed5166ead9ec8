#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of a ``FlakeID`` under one ``FlakeLayout``: when, which sequence number, and
/// which generator.
public struct FlakeParts: Sendable, Hashable {
    /// The timestamp field: ticks since the layout's epoch.
    public let tick: Int64
    /// The start of the tick, in milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int64
    /// The sequence number within the tick.
    public let sequence: Int
    /// The instance number of the generator that made the identifier.
    public let instanceNumber: Int

    /// The start of the tick as a `Date`.
    public var date: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }
}
