#if Vapor
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import PostgresNIO
    import Vapor

    extension Application.Flake {
        /// Where the application's identifiers come from: a fixed instance number, a lease
        /// (file or PostgreSQL), or an issuer of your own.
        ///
        /// ```swift
        /// app.flake.use(.instance(7))                                    // one process, number 7
        /// app.flake.use(.fileLease())                                    // processes on one host
        /// app.flake.use(.postgresLease(url: Environment.get("LEASE_DATABASE_URL")!))  // many hosts
        /// ```
        public struct Provider: Sendable {
            /// Starts the issuer (claiming its lease) and says how to stop it.
            let start: @Sendable () async throws -> FlakeIssuerStore.Running

            /// A generator with a fixed instance number that you assign, for example from
            /// configuration; no two running processes may share it.
            ///
            /// - Parameters:
            ///   - number: The instance number, within `layout`.
            ///   - layout: The identifiers' layout.
            /// - Returns: A provider whose start fails with `FlakeError` when the number does
            ///   not fit the layout.
            public static func instance(_ number: Int, layout: FlakeLayout = .miniFlake) -> Self {
                Self {
                    let maker = try FlakeMaker(instance: number, layout: layout)
                    return FlakeIssuerStore.Running(issuer: maker, stop: {})
                }
            }

            /// An instance number leased from lock files in a directory, for processes on
            /// one host: numbers are never shared while held, and a restarted process never
            /// repeats an identifier.
            ///
            /// - Parameters:
            ///   - directory: Where the lock files live (one directory per layout, shared by
            ///     every process that must not share numbers); the per-user default when `nil`.
            ///   - layout: The identifiers' layout.
            ///   - instanceNumbers: The numbers to hand out; all of the layout's by default.
            ///   - configuration: Renewal timing, clocks and lease events.
            public static func fileLease(
                directory: String? = nil,
                layout: FlakeLayout = .miniFlake,
                instanceNumbers: ClosedRange<Int>? = nil,
                configuration: LeasedFlakeIssuer.Configuration = .init()
            ) -> Self {
                Self {
                    let backend = try FileInstanceLeaseBackend(
                        directory: directory, layout: layout, instanceNumbers: instanceNumbers)
                    return try await leased(backend: backend, configuration: configuration)
                }
            }

            /// An instance number leased from a table in PostgreSQL (created on first use),
            /// for processes on any number of hosts.
            ///
            /// The provider runs its own `PostgresClient` (not Fluent's connection pool) from
            /// the moment it claims until it has released the lease at shutdown.
            ///
            /// - Parameters:
            ///   - url: `postgres://user:password@host:port/database?sslmode=...`, as
            ///     `miniflake serve --postgres-url` takes it.
            ///   - layout: The identifiers' layout.
            ///   - leaseDuration: How long a claim or renewal holds; renewed every third of it.
            ///   - instanceNumbers: The numbers to hand out; all of the layout's by default.
            ///   - synchronouslyReplicated: Whether the database confirms every commit on each
            ///     standby a failover can promote (Aurora, a synchronous standby): claims then
            ///     never wait out a takeover and call no WAL function
            ///     (``MiniFlakePostgres/PostgresInstanceLeaseBackend/synchronouslyReplicated``).
            ///   - configuration: Renewal timing, clocks and lease events.
            public static func postgresLease(
                url: String,
                layout: FlakeLayout = .miniFlake,
                leaseDuration: Duration = .seconds(30),
                instanceNumbers: ClosedRange<Int>? = nil,
                synchronouslyReplicated: Bool = false,
                configuration: LeasedFlakeIssuer.Configuration = .init()
            ) -> Self {
                Self {
                    let client = try PostgresLeaseURL(url).clientConfiguration
                    return try await postgresRunning(
                        client: client, layout: layout, leaseDuration: leaseDuration,
                        instanceNumbers: instanceNumbers, synchronouslyReplicated: synchronouslyReplicated,
                        configuration: configuration)
                }
            }

            /// An instance number leased from a table in PostgreSQL, through a client with
            /// this configuration: ``postgresLease(url:layout:leaseDuration:instanceNumbers:synchronouslyReplicated:configuration:)``.
            ///
            /// - Parameters:
            ///   - client: How to connect to PostgreSQL.
            ///   - layout: The identifiers' layout.
            ///   - leaseDuration: How long a claim or renewal holds; renewed every third of it.
            ///   - instanceNumbers: The numbers to hand out; all of the layout's by default.
            ///   - synchronouslyReplicated: Whether the database confirms every commit on each
            ///     standby a failover can promote: claims then never wait out a takeover and call
            ///     no WAL function.
            ///   - configuration: Renewal timing, clocks and lease events.
            public static func postgresLease(
                client: PostgresClient.Configuration,
                layout: FlakeLayout = .miniFlake,
                leaseDuration: Duration = .seconds(30),
                instanceNumbers: ClosedRange<Int>? = nil,
                synchronouslyReplicated: Bool = false,
                configuration: LeasedFlakeIssuer.Configuration = .init()
            ) -> Self {
                Self {
                    try await postgresRunning(
                        client: client, layout: layout, leaseDuration: leaseDuration,
                        instanceNumbers: instanceNumbers, synchronouslyReplicated: synchronouslyReplicated,
                        configuration: configuration)
                }
            }

            /// An instance number leased from any backend: the issuer claims on start, renews
            /// while the application runs, and releases on shutdown.
            ///
            /// - Parameters:
            ///   - backend: Where to lease the number; its layout is the identifiers' layout.
            ///   - configuration: Renewal timing, clocks and lease events.
            public static func lease(
                backend: any InstanceLeaseBackend,
                configuration: LeasedFlakeIssuer.Configuration = .init()
            ) -> Self {
                Self { try await leased(backend: backend, configuration: configuration) }
            }

            /// An issuer you made and manage yourself; the application uses it but neither
            /// starts nor stops it.
            ///
            /// - Parameter issuer: Any issuer, such as a `FlakeMaker` with a test clock.
            public static func issuer(_ issuer: any FlakeIssuer) -> Self {
                Self { FlakeIssuerStore.Running(issuer: issuer, stop: {}) }
            }

            /// Claims through `backend`, then renews in a task until stopped, which releases.
            private static func leased(
                backend: any InstanceLeaseBackend,
                configuration: LeasedFlakeIssuer.Configuration,
                afterRelease: @escaping @Sendable () async -> Void = {}
            ) async throws -> FlakeIssuerStore.Running {
                let issuer = try await LeasedFlakeIssuer(backend: backend, configuration: configuration)
                let renewing = Task { try? await issuer.run() }
                return FlakeIssuerStore.Running(issuer: issuer) {
                    issuer.shutdown()
                    await renewing.value
                    await afterRelease()
                }
            }

            /// Runs a client, claims through it, and shuts the client down after the release.
            private static func postgresRunning(
                client configuration: PostgresClient.Configuration,
                layout: FlakeLayout,
                leaseDuration: Duration,
                instanceNumbers: ClosedRange<Int>?,
                synchronouslyReplicated: Bool,
                configuration leaseConfiguration: LeasedFlakeIssuer.Configuration
            ) async throws -> FlakeIssuerStore.Running {
                let client = PostgresClient(configuration: configuration)
                let running = Task { await client.run() }
                let stopClient: @Sendable () async -> Void = {
                    running.cancel()
                    await running.value
                }
                do {
                    let backend = try PostgresInstanceLeaseBackend(
                        client: client, layout: layout, leaseDuration: leaseDuration,
                        instanceNumbers: instanceNumbers, synchronouslyReplicated: synchronouslyReplicated)
                    return try await leased(
                        backend: backend, configuration: leaseConfiguration, afterRelease: stopClient)
                } catch {
                    await stopClient()
                    throw error
                }
            }
        }
    }
#endif
