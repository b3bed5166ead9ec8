#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres

    /// Wraps a real backend with a switch that makes renewals fail, as a network partition
    /// between this process and PostgreSQL would.
    final class SwitchableBackend: InstanceLeaseBackend {
        let base: PostgresInstanceLeaseBackend
        let renewalsBlocked = AtomicWord<Bool>(false)

        init(_ base: PostgresInstanceLeaseBackend) {
            self.base = base
        }

        var layout: FlakeLayout { base.layout }
        var leaseDuration: Duration { base.leaseDuration }

        func claim() async throws(LeaseBackendError) -> InstanceLease { try await base.claim() }

        func renew(_ lease: InstanceLease, highWaterTick: Int64) async throws(LeaseBackendError) -> InstanceLease {
            if renewalsBlocked.load(ordering: .relaxed) { throw .unavailable("renewals blocked by the test") }
            return try await base.renew(lease, highWaterTick: highWaterTick)
        }

        func release(_ lease: InstanceLease, highWaterTick: Int64?) async throws(LeaseBackendError) {
            try await base.release(lease, highWaterTick: highWaterTick)
        }

        func list() async throws(LeaseBackendError) -> [InstanceLeaseRecord] { try await base.list() }
    }
#endif
