#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One instance number as a backend lists it: who holds it, until when, and its high-water
/// mark.
public struct InstanceLeaseRecord: Sendable, Hashable {
    /// The instance number.
    public let instanceNumber: Int
    /// Whether a live holder has it right now.
    public let isHeld: Bool
    /// The holder of the live lease, or the last one, when the backend knows it.
    public let holder: String?
    /// When the lease runs or ran out, when the backend keeps an expiry.
    public let expiresAt: Date?
    /// The highest tick identifiers with this number may carry so far.
    public let highWaterTick: Int64?

    /// Makes a record; backends call this.
    public init(instanceNumber: Int, isHeld: Bool, holder: String?, expiresAt: Date?, highWaterTick: Int64?) {
        self.instanceNumber = instanceNumber
        self.isHeld = isHeld
        self.holder = holder
        self.expiresAt = expiresAt
        self.highWaterTick = highWaterTick
    }
}
