import MiniFlake

extension LeasedFlakeIssuer {
    /// Makes an issuer that leases its instance number from files in
    /// ``FileInstanceLeaseBackend/defaultDirectory``: the default for a program on one host
    /// that configures nothing, so its processes never share a number and a restart never
    /// repeats an ID.
    ///
    /// ```swift
    /// let issuer = try await LeasedFlakeIssuer()
    /// let renewing = Task { try await issuer.run() }
    /// ```
    ///
    /// - Parameters:
    ///   - layout: The identifiers' layout.
    ///   - configuration: Renewal timing, the lease clock and the sleep function.
    /// - Throws: ``LeaseBackendError/storage(path:reason:)`` when the directory cannot be used, and
    ///   ``LeaseBackendError/noFreeInstance(capacity:)`` when every number is held.
    public convenience init(
        layout: FlakeLayout = .miniFlake,
        configuration: Configuration = Configuration()
    ) async throws(LeaseBackendError) {
        try await self.init(
            backend: try FileInstanceLeaseBackend(layout: layout), configuration: configuration)
    }
}
