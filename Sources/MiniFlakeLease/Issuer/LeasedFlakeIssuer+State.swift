import MiniFlake

extension LeasedFlakeIssuer {
    /// What the renewal loop and the issuing path share, under the issuer's lock.
    struct State {
        /// The renewal decisions and the timing they depend on.
        var machine: LeaseRenewalMachine
        var lease: InstanceLease?
        /// Counts the numbers claimed, so that a renewal answered after its lease was replaced
        /// is not applied to the new one.
        var generation: UInt64
        var loop: Task<Void, Never>?
        var lastError: LeaseBackendError?
    }

    /// A number claimed, and its first reservation.
    struct Acquired: Sendable {
        /// The lease, as the reservation's renewal returned it.
        let lease: InstanceLease
        /// The number's high-water mark when it was claimed: every earlier holder's identifiers
        /// are at or below it.
        let floorTick: Int64?
        let reservation: LeaseSettings.Reservation
    }
}
