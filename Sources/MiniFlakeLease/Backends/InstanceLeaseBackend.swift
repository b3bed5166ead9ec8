import MiniFlake

/// Where instance numbers are leased: a directory of locked files on one host
/// (``FileInstanceLeaseBackend``), a PostgreSQL table shared by many hosts
/// (`PostgresInstanceLeaseBackend` in MiniFlakePostgres), or your own store.
///
/// A backend must never give one number to two live holders, and must keep each number's
/// high-water mark: the highest tick passed to ``renew(_:highWaterTick:)`` or
/// ``release(_:highWaterTick:)``. ``LeasedFlakeIssuer`` does the rest.
public protocol InstanceLeaseBackend: Sendable {
    /// The layout whose instance numbers this backend leases.
    var layout: FlakeLayout { get }

    /// How long a claim or a renewal holds, counted from the moment it was requested.
    var leaseDuration: Duration { get }

    /// Claims a free (or expired) instance number, chosen at random among the free ones.
    ///
    /// - Throws: ``LeaseBackendError/noFreeInstance(capacity:)`` when every number is held, and
    ///   backend errors such as ``LeaseBackendError/unavailable(_:)``.
    func claim() async throws(LeaseBackendError) -> InstanceLease

    /// Extends a lease by ``leaseDuration`` and raises its stored high-water mark to at least
    /// `highWaterTick`.
    ///
    /// - Throws: ``LeaseBackendError/lost(instanceNumber:)`` when the lease is no longer this
    ///   holder's; other errors are temporary and the caller retries.
    func renew(_ lease: InstanceLease, highWaterTick: Int64) async throws(LeaseBackendError) -> InstanceLease

    /// Frees the number at once and stores `highWaterTick` as its high-water mark (`nil`
    /// keeps the stored one). Does nothing when the lease is no longer this holder's.
    ///
    /// The mark may be lower than earlier renewals reserved: the caller passes the last tick
    /// it actually issued, after it stopped issuing.
    func release(_ lease: InstanceLease, highWaterTick: Int64?) async throws(LeaseBackendError)

    /// Every instance number the backend knows of, lowest first: who holds it and its
    /// high-water mark.
    func list() async throws(LeaseBackendError) -> [InstanceLeaseRecord]
}
