#if Server
    import MiniFlakeLease
    import ServiceLifecycle

    /// Keeps a ``MiniFlakeLease/LeasedFlakeIssuer``'s lease as a service of the server's
    /// `ServiceGroup`: it renews the lease while the group runs and, on graceful shutdown,
    /// frees the instance number and stores its high-water mark.
    ///
    /// Put it before the HTTP application in the group's services: a group shuts its services
    /// down in reverse order, so the application first lets its requests in flight finish, and
    /// only then is the lease released.
    ///
    /// ```swift
    /// let issuer = try await LeasedFlakeIssuer(backend: try FileInstanceLeaseBackend())
    /// try await FlakeServer.run(
    ///     configuration: FlakeServerConfiguration(issuer: issuer), host: "127.0.0.1", port: 8080,
    ///     services: [FlakeLeaseService(issuer: issuer)])
    /// ```
    public struct FlakeLeaseService: Service {
        /// The issuer whose lease this service keeps.
        public let issuer: LeasedFlakeIssuer

        /// Makes a service for an issuer whose ``MiniFlakeLease/LeasedFlakeIssuer/run()`` is not
        /// running yet.
        public init(issuer: LeasedFlakeIssuer) {
            self.issuer = issuer
        }

        /// Renews the lease until graceful shutdown or cancellation, then releases it and
        /// returns.
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/alreadyRunning`` when the issuer's `run()` is
        ///   already running elsewhere.
        public func run() async throws {
            let issuer = issuer
            try await withGracefulShutdownHandler {
                try await issuer.run()
            } onGracefulShutdown: {
                issuer.shutdown()
            }
        }
    }
#endif
