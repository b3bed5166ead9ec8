import MiniFlake
import MiniFlakeLease
import Testing

/// The fix-its of `Sources/MiniFlakeLease/Fixits.swift` point at names that exist: each 1.0
/// name a `renamed:` gives is spelled here with those labels (`MiniFlakeTests` checks that
/// none is left out).
@Suite("Fix-its for MiniFlakeLease 0.2.0 names")
struct FixitTargetTests {
    @Test("MiniFlakeLease's renamed: targets exist with their labels")
    func leaseTargets() {
        // renamed: "LeasedFlakeIssuer"
        let issuerType: LeasedFlakeIssuer.Type = LeasedFlakeIssuer.self
        // renamed: "LeaseBackendError"
        let errorType: LeaseBackendError.Type = LeaseBackendError.self
        #expect("\(issuerType) \(errorType)" == "LeasedFlakeIssuer LeaseBackendError")
        // renamed: "init(layout:configuration:)" (not called: it would claim a file lease)
        let fileLease: @Sendable () async throws(LeaseBackendError) -> LeasedFlakeIssuer = {
            () async throws(LeaseBackendError) in
            try await LeasedFlakeIssuer(layout: .miniFlake, configuration: LeasedFlakeIssuer.Configuration())
        }
        // renamed: "init(backend:clock:maximumLead:configuration:)" (not called: it would claim a lease)
        let leased: @Sendable (any InstanceLeaseBackend) async throws(LeaseBackendError) -> LeasedFlakeIssuer = {
            (backend) async throws(LeaseBackendError) in
            try await LeasedFlakeIssuer(
                backend: backend, clock: .system, maximumLead: .seconds(1),
                configuration: LeasedFlakeIssuer.Configuration())
        }
        _ = (fileLease, leased)
    }
}
