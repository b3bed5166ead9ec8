/// Something that happened to a ``LeasedFlakeIssuer``'s lease, for logs and metrics.
public enum LeaseEvent: Sendable, Hashable {
    /// A number was claimed and its first reservation stored; identifiers flow again.
    case claimed(InstanceLease)
    /// A claim failed; the issuer retries after ``LeasedFlakeIssuer/Configuration/retryInterval``.
    case claimFailed(LeaseBackendError)
    /// The lease was renewed and a new high-water mark reserved.
    case renewed(InstanceLease)
    /// A renewal failed for a reason that may pass; the issuer keeps issuing until its local
    /// deadline and retries.
    case renewalFailed(instanceNumber: Int, LeaseBackendError)
    /// The local deadline passed without a renewal: the issuer stopped making identifiers.
    case expired(instanceNumber: Int)
    /// The backend no longer holds the lease for this issuer: it stopped at once and claims
    /// another number.
    case lost(instanceNumber: Int)
    /// The number was freed and the final high-water mark stored.
    case released(instanceNumber: Int, highWaterTick: Int64?)
    /// Freeing the number failed; it runs out on its own after the lease duration.
    case releaseFailed(instanceNumber: Int, LeaseBackendError)
}
