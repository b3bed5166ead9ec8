import MiniFlake

extension LeasedFlakeIssuer {
    /// Holds a number the backend handed over as a takeover (``InstanceLease/isTakeover``)
    /// until its previous holder cannot be issuing any more, renewing the lease meanwhile.
    ///
    /// The previous holder renewed, at the latest, before this claim was answered at
    /// `answeredAt`, and stops at its local deadline, at most one lease duration after that
    /// renewal; its identifiers are at or below the mark that renewal reserved. Neither the
    /// expiry nor the mark the backend shows counts here, since a failover of the backend may
    /// have rolled both back: the wait is timed on this issuer's own elapsed clock, one lease
    /// duration plus the maximum lead from `answeredAt`, and `floorTick` is what a renewal
    /// reserves at `answeredAt` (``LeaseSettings/takeoverFloor()``), or the number's mark when
    /// that is higher. Each renewal of the wait stores the floor as the number's mark.
    ///
    /// - Parameters:
    ///   - claimed: The lease the claim returned.
    ///   - floorTick: Above every tick the previous holder can have issued.
    ///   - sentAt: When the claim was sent, by the lease clock: its lease runs from then.
    ///   - answeredAt: When the claim was answered, by the lease clock.
    /// - Returns: The lease, as the last renewal of the wait returned it.
    /// - Throws: ``LeaseBackendError/Code/lost`` when the lease goes, the last renewal error
    ///   when none got through before the lease's local deadline, and
    ///   ``LeaseBackendError/Code/unavailable`` when the task is cancelled. The caller releases.
    static func waitOut(
        _ claimed: InstanceLease, floorTick: Int64, sentAt: Int64, answeredAt: Int64, settings: LeaseSettings
    ) async throws(LeaseBackendError) -> InstanceLease {
        let end = answeredAt + settings.takeoverMilliseconds
        var lease = claimed
        var deadline = sentAt + settings.leaseMilliseconds - settings.marginMilliseconds
        var nextRenewal = sentAt + settings.renewalMilliseconds
        var lastError: LeaseBackendError?
        while true {
            let now = settings.now()
            if now >= end { break }
            if now >= deadline, let lastError { throw lastError }
            if now < nextRenewal {
                do {
                    try await settings.clock.sleep(for: .milliseconds(min(end, nextRenewal) - now))
                } catch {
                    throw .unavailable("taking over instance number \(claimed.instanceNumber) was cancelled")
                }
                continue
            }
            let sent = settings.now()
            do {
                lease = try await settings.backend.renew(lease, highWaterTick: floorTick)
                deadline = sent + settings.leaseMilliseconds - settings.marginMilliseconds
                nextRenewal = sent + settings.renewalMilliseconds
                lastError = nil
            } catch  where error.code == .lost {
                throw error
            } catch {
                lastError = error
                nextRenewal = sent + settings.retryMilliseconds
                settings.onEvent?(.renewalFailed(instanceNumber: claimed.instanceNumber, error))
            }
        }
        return lease
    }
}
