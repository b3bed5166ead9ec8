#if Postgres
    import Logging
    import MiniFlakeLease
    import MiniFlake
    import MiniFlakeRegistry
    import PostgresNIO

    /// An ``MiniFlakeRegistry/InstanceRegistry`` stored in PostgreSQL through postgres-nio.
    ///
    /// ```swift
    /// let registry = PostgresInstanceRegistry(client: client)
    /// try await registry.prepare()   // creates the table when missing
    /// let registration = try await registry.register(
    ///     account: RegistryName(session.accountID), installation: RegistryName(request.installation),
    ///     provisionalInstance: request.provisionalInstance)
    /// ```
    ///
    /// It keeps one row per (account, installation) pair in the table `miniflake_installation`,
    /// and serializes the registrations of one account across every host with an advisory lock.
    /// <doc:InstanceRegistryInPostgreSQL> has the table, the rules and how it takes turns.
    ///
    /// The registry does not own the client: run `client.run()` (for example in the server's
    /// `ServiceGroup`) for as long as the registry is used.
    public final class PostgresInstanceRegistry: InstanceRegistry {
        /// The table the registry keeps its rows in.
        public static let tableName = "miniflake_installation"

        /// The client queries go through.
        public let client: PostgresClient
        /// The layout, reuse horizon and clock the registry works with.
        public let configuration: InstanceRegistryConfiguration
        /// The longest one request may take, waiting for a connection and the account's lock
        /// included, before it fails with ``MiniFlakeRegistry/InstanceRegistryError/Code/storageFailed``.
        public let requestTimeout: Duration

        private let logger: Logger

        /// Makes a registry on a client that the caller runs.
        ///
        /// - Parameters:
        ///   - client: A client whose `run()` is running.
        ///   - configuration: The layout, reuse horizon and clock.
        ///   - requestTimeout: How long one request may take; 10 seconds by default.
        ///   - logger: Where postgres-nio logs the queries.
        public init(
            client: PostgresClient,
            configuration: InstanceRegistryConfiguration = .init(),
            requestTimeout: Duration = .seconds(10),
            logger: Logger = Logger(label: "miniflake.registry.postgres")
        ) {
            self.client = client
            self.configuration = configuration
            self.requestTimeout = requestTimeout > .zero ? requestTimeout : .seconds(10)
            self.logger = logger
        }

        /// Makes a client for a URL, runs it, prepares a registry on it, hands `body` the
        /// registry, and shuts the client down when `body` returns: for one-off commands,
        /// scripts and benchmarks.
        ///
        /// - Parameters:
        ///   - url: A `postgres://` URL, as ``PostgresLeaseURL`` reads it.
        ///   - configuration: The layout, reuse horizon and clock.
        ///   - maximumConnections: The most connections the client opens at once.
        ///   - body: Uses the registry.
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/invalidConfiguration(_:)`` for a bad URL,
        ///   ``MiniFlakeRegistry/InstanceRegistryError`` when the table cannot be prepared, and
        ///   whatever `body` throws.
        public static func withRegistry<Result: Sendable>(
            url: String,
            configuration: InstanceRegistryConfiguration = .init(),
            maximumConnections: Int = 20,
            _ body: (PostgresInstanceRegistry) async throws -> Result
        ) async throws -> Result {
            var clientConfiguration = try PostgresLeaseURL(url).clientConfiguration
            clientConfiguration.options.maximumConnections = max(1, maximumConnections)
            let client = PostgresClient(configuration: clientConfiguration)
            let registry = PostgresInstanceRegistry(client: client, configuration: configuration)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                try await registry.prepare()
                return try await body(registry)
            }
        }

        /// Creates the table and its partial unique index when they do not exist. Safe to run
        /// from many processes at once (they take turns through an advisory lock).
        public func prepare() async throws(InstanceRegistryError) {
            let (client, logger) = (client, logger)
            try await run("creating the \(Self.tableName) table") {
                try await client.withTransaction(logger: logger) { connection in
                    try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
                    try await connection.query(PostgresQuery(unsafeSQL: Self.createTable), logger: logger)
                    try await connection.query(PostgresQuery(unsafeSQL: Self.createIndex), logger: logger)
                }
            }
        }

        // MARK: InstanceRegistry

        /// Registers an installation of an account, or answers its existing registration.
        ///
        /// A live pair is answered by one `UPDATE … RETURNING` on its own row. Any other
        /// registration runs in one transaction that holds the account's advisory lock and
        /// follows the registry's rules.
        public func register(
            account: RegistryName, installation: RegistryName, provisionalInstance: Int?
        ) async throws(InstanceRegistryError) -> InstanceRegistration {
            let (client, logger, configuration) = (client, logger, configuration)
            try InstanceAssignment.checkProvisional(
                provisionalInstance, instanceCount: configuration.layout.instanceCount)
            // A live pair answers its number from its own row, in one statement without the lock.
            let live = try await run("registering \(installation) in \(account)") {
                try await Self.touchLive(
                    account: account, installation: installation, now: configuration.clock.millisecondsSince1970(),
                    client: client, logger: logger)
            }
            if let live { return live }
            return try await run("registering \(installation) in \(account)") {
                try await client.withTransaction(logger: logger) { connection in
                    try await Self.register(
                        account: account, installation: installation, provisionalInstance: provisionalInstance,
                        configuration: configuration, on: connection, logger: logger)
                }
            }
        }

        /// Retires a live installation: sets its retirement time to now.
        public func retire(account: RegistryName, installation: RegistryName) async throws(InstanceRegistryError)
            -> Bool
        {
            let (client, logger, now) = (client, logger, configuration.clock.millisecondsSince1970())
            return try await run("retiring \(installation) in \(account)") {
                let rows = try await client.query(
                    """
                    UPDATE miniflake_installation SET retired_at = \(now)
                    WHERE account = \(account.text) AND installation = \(installation.text) AND retired_at IS NULL
                    RETURNING instance
                    """, logger: logger)
                return try await rows.decode(Int.self).first { _ in true } != nil
            }
        }

        /// Every installation of the account, retired ones included, by instance number.
        public func installations(of account: RegistryName) async throws(InstanceRegistryError)
            -> [InstallationRecord]
        {
            let (client, logger) = (client, logger)
            return try await run("listing the installations of \(account)") {
                try await client.withConnection { connection in
                    try await Self.records(of: account, on: connection, logger: logger)
                }
            }
        }

        /// The numbers of the account's live installations.
        public func liveInstances(of account: RegistryName) async throws(InstanceRegistryError) -> Set<Int> {
            let (client, logger) = (client, logger)
            return try await run("listing the live instances of \(account)") {
                let rows = try await client.query(
                    """
                    SELECT instance FROM miniflake_installation
                    WHERE account = \(account.text) AND retired_at IS NULL
                    """, logger: logger)
                var numbers = Set<Int>()
                for try await number in rows.decode(Int.self) { numbers.insert(number) }
                return numbers
            }
        }

        /// Raises the installation's highest seen identifier and last-seen time; ignores
        /// unknown pairs.
        public func recordSeen(_ id: FlakeID, account: RegistryName, installation: RegistryName)
            async throws(InstanceRegistryError)
        {
            let (client, logger, now) = (client, logger, configuration.clock.millisecondsSince1970())
            try await run("recording an identifier of \(installation) in \(account)") {
                try await client.query(
                    """
                    UPDATE miniflake_installation
                    SET highest_seen_id = GREATEST(highest_seen_id, \(id)), last_seen_at = GREATEST(last_seen_at, \(now))
                    WHERE account = \(account.text) AND installation = \(installation.text)
                    """, logger: logger)
            }
        }

        // MARK: Helpers

        /// Runs a request within ``requestTimeout``, retrying it when PostgreSQL refuses it as
        /// a conflict, and turns every failure that is not an
        /// ``MiniFlakeRegistry/InstanceRegistryError`` into
        /// ``MiniFlakeRegistry/InstanceRegistryError/Code/storageFailed``.
        @discardableResult
        private func run<Value: Sendable>(
            _ operation: String, _ body: @escaping @Sendable () async throws -> Value
        ) async throws(InstanceRegistryError) -> Value {
            var attempt = 0
            while true {
                do {
                    return try await TimeLimit.run(within: requestTimeout, body)
                } catch {
                    let cause = PostgresFailure.cause(of: error)
                    if let cause = cause as? InstanceRegistryError { throw cause }
                    if PostgresFailure.isConflict(error) && attempt < 5 {
                        attempt += 1
                        continue
                    }
                    let reason: String
                    switch cause {
                    case is TimeLimit.Expired: reason = "no answer within \(requestTimeout)"
                    case is CancellationError: reason = "cancelled"
                    default: reason = PostgresFailure.describe(error)
                    }
                    throw InstanceRegistryError(.storageFailed, message: "\(operation): \(reason)")
                }
            }
        }
    }
#endif
