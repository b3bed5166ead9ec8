#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A claim on one instance number, as a backend hands it out.
///
/// The lease says which number a generator may use and the highest tick any earlier holder of
/// the number may have issued (its high-water mark); the generator must start above it.
public struct InstanceLease: Sendable, Hashable {
    /// The instance number the holder may put in its identifiers.
    public let instanceNumber: Int
    /// The highest tick identifiers with this number may carry so far, or `nil` when the
    /// number was never used with this layout.
    public let highWaterTick: Int64?
    /// Who holds the lease: a label and a token unique to this claim.
    public let holder: String
    /// When the lease runs out unless renewed, by the backend's clock (informational: the
    /// issuer times its own deadline with a local monotonic clock).
    public let expiresAt: Date
    /// Whether the claim takes the number over from a holder the backend cannot rule out:
    /// one whose lease ended without a clean release, or whose end the backend may have lost
    /// (a database failover). ``LeasedFlakeIssuer`` then issues nothing until that holder
    /// cannot be issuing any more: <doc:HowLeasesWork#Taking-a-number-over>.
    public let isTakeover: Bool

    /// Makes a lease; backends call this.
    public init(instanceNumber: Int, highWaterTick: Int64?, holder: String, expiresAt: Date, isTakeover: Bool = false) {
        self.instanceNumber = instanceNumber
        self.highWaterTick = highWaterTick
        self.holder = holder
        self.expiresAt = expiresAt
        self.isTakeover = isTakeover
    }
}
