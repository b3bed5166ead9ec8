#if Postgres
    import Foundation
    import Logging
    import MiniFlake
    import MiniFlakeLease
    import PostgresNIO

    /// Leases instance numbers to processes on any number of hosts through one PostgreSQL table.
    ///
    /// ```sql
    /// CREATE TABLE miniflake_leases (
    ///     layout          TEXT        NOT NULL,   -- FlakeLayout.name
    ///     instance_number INTEGER     NOT NULL,
    ///     holder          TEXT,                   -- NULL: never claimed
    ///     expires_at      TIMESTAMPTZ NOT NULL,   -- free once it is not after now()
    ///     high_water_tick BIGINT,                 -- highest tick reserved or issued
    ///     claimed_at      TIMESTAMPTZ,
    ///     renewed_at      TIMESTAMPTZ,
    ///     released_on_timeline BIGINT,            -- the server's timeline at a clean release
    ///     PRIMARY KEY (layout, instance_number));
    /// ```
    ///
    /// The table is created on first use (and by ``migrate()``), with one row per instance
    /// number. A claim is one `UPDATE` that takes a random row whose lease has run out
    /// (`expires_at <= now()`), locking it with `FOR UPDATE SKIP LOCKED`, so concurrent claims
    /// never get the same number and never wait for each other. A renewal extends the lease
    /// only while the holder matches and the lease has not run out, and raises the high-water
    /// mark with `GREATEST`. Every expiry uses the database's clock, `now()`.
    ///
    /// A claim prefers a number handed back cleanly: released on the server's current timeline,
    /// or never held on a server never promoted. Any other claim is a takeover
    /// (``MiniFlakeLease/InstanceLease/isTakeover``), because an asynchronous replica promoted in
    /// a failover may have lost its last holder's renewals: the issuer then waits a lease
    /// duration plus its maximum lead before it issues, unless ``synchronouslyReplicated`` says
    /// no confirmed write can be lost. <doc:FailoverOfTheLeaseTable> has the rule and its cost.
    ///
    /// Leases last ``leaseDuration`` (30 seconds by default); ``MiniFlakeLease/LeasedFlakeIssuer`` renews every
    /// third of that. When PostgreSQL cannot be reached, the issuer keeps making identifiers
    /// until its local deadline (the lease's expiry less the safety margin), then fails closed,
    /// keeps retrying, and carries on without a restart once the database answers: with the
    /// same number if its lease is still there, or with a new number otherwise.
    ///
    /// The backend does not own the client: run `client.run()` (for example in the server's
    /// `ServiceGroup`) for as long as the backend is used.
    public final class PostgresInstanceLeaseBackend: InstanceLeaseBackend {
        /// The table the leases live in.
        public static let tableName = "miniflake_leases"

        /// The client queries go through.
        public let client: PostgresClient
        /// The layout whose instance numbers are leased; rows are keyed by its name.
        public let layout: FlakeLayout
        /// How long a claim or renewal holds.
        public let leaseDuration: Duration
        /// The numbers this backend hands out.
        public let instanceNumbers: ClosedRange<Int>
        /// The label in front of each claim's holder name.
        public let holderLabel: String
        /// The longest a request may take before it counts as failed: at most a third of the
        /// lease, so that a stuck request ends in time for a retry before the lease runs out.
        public let requestTimeout: Duration
        /// Whether every commit to the lease table is confirmed by each standby a failover can
        /// promote (`synchronous_commit` and `synchronous_standby_names`), so that no claim is a
        /// takeover and none waits. `false` by default.
        public let synchronouslyReplicated: Bool

        private let logger: Logger
        private let schemaReady = AtomicWord<Bool>(false)
        /// The preparation in flight, shared by every caller that arrives while it runs.
        private let preparation = LockedValue<Task<Void, any Error>?>(nil)

        /// Makes a backend on a client that the caller runs.
        ///
        /// - Parameters:
        ///   - client: A client whose `run()` is running.
        ///   - layout: The layout whose numbers are leased.
        ///   - leaseDuration: How long a claim or renewal holds; 30 seconds by default.
        ///   - instanceNumbers: The numbers to hand out; all of the layout's by default.
        ///   - holder: A label for `miniflake lease list`; this host and process by default.
        ///   - requestTimeout: How long one request may take: at most a third of the lease;
        ///     5 seconds, or a third of a shorter lease, by default.
        ///   - synchronouslyReplicated: Set it only when no failover can lose a commit the
        ///     lease table confirmed: claims then never wait out an earlier holder.
        ///   - logger: Where postgres-nio logs the queries.
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/invalidConfiguration(_:)`` for numbers outside
        ///   the layout, durations that are not positive, and a request timeout longer than a
        ///   third of the lease (one stuck request would outlast the issuer's deadline).
        public init(
            client: PostgresClient,
            layout: FlakeLayout = .miniFlake,
            leaseDuration: Duration = .seconds(30),
            instanceNumbers: ClosedRange<Int>? = nil,
            holder: String = LeaseHolder.current,
            requestTimeout: Duration? = nil,
            synchronouslyReplicated: Bool = false,
            logger: Logger = Logger(label: "miniflake.lease.postgres")
        ) throws(LeaseBackendError) {
            let numbers = instanceNumbers ?? 0...layout.maximumInstanceNumber
            guard numbers.lowerBound >= 0, numbers.upperBound <= layout.maximumInstanceNumber,
                numbers.upperBound <= Int(Int32.max)
            else {
                throw .invalidConfiguration(
                    "instance numbers \(numbers) are outside 0...\(layout.maximumInstanceNumber) of layout \(layout.name)"
                )
            }
            let requestTimeout = requestTimeout ?? min(.seconds(5), leaseDuration / 3)
            guard leaseDuration >= .milliseconds(1), requestTimeout > .zero else {
                throw .invalidConfiguration("the lease duration and request timeout must be positive")
            }
            // The issuer renews every third of the lease and stops a sixth before its end: a
            // request stuck for longer than a third would outlast its deadline with no retry.
            guard requestTimeout <= leaseDuration / 3 else {
                throw .invalidConfiguration(
                    "the request timeout (\(requestTimeout)) must be at most a third of the lease (\(leaseDuration)), or one stuck request loses the lease"
                )
            }
            self.client = client
            self.layout = layout
            self.leaseDuration = leaseDuration
            self.instanceNumbers = numbers
            self.holderLabel = holder
            self.requestTimeout = requestTimeout
            self.synchronouslyReplicated = synchronouslyReplicated
            self.logger = logger
        }

        /// Makes a client for a URL, runs it, hands `body` a backend on it, and shuts the
        /// client down when `body` returns: for one-off commands such as `miniflake lease list`,
        /// and for `miniflake serve`. The parameters are the initializer's.
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/invalidConfiguration(_:)`` for a bad URL, and
        ///   whatever `body` throws.
        public static func withBackend<Result: Sendable>(
            url: String,
            layout: FlakeLayout = .miniFlake,
            leaseDuration: Duration = .seconds(30),
            instanceNumbers: ClosedRange<Int>? = nil,
            holder: String = LeaseHolder.current,
            requestTimeout: Duration? = nil,
            synchronouslyReplicated: Bool = false,
            _ body: (PostgresInstanceLeaseBackend) async throws -> Result
        ) async throws -> Result {
            let client = PostgresClient(configuration: try PostgresLeaseURL(url).clientConfiguration)
            let backend = try PostgresInstanceLeaseBackend(
                client: client, layout: layout, leaseDuration: leaseDuration, instanceNumbers: instanceNumbers,
                holder: holder, requestTimeout: requestTimeout, synchronouslyReplicated: synchronouslyReplicated)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                return try await body(backend)
            }
        }

        // MARK: Schema

        /// Creates the lease table when it does not exist. Safe to run from many processes at
        /// once (they take turns through an advisory lock).
        public func migrate() async throws(LeaseBackendError) {
            let client = client
            let logger = logger
            try await limited("creating the \(Self.tableName) table") {
                try await client.withTransaction(logger: logger) { connection in
                    try await connection.query(
                        "SELECT pg_advisory_xact_lock(\(PostgresFlakeSQL.migrationLock))", logger: logger)
                    try await connection.query(PostgresQuery(unsafeSQL: PostgresFlakeSQL.leaseTable), logger: logger)
                    try await connection.query(
                        PostgresQuery(unsafeSQL: PostgresFlakeSQL.leaseTableUpgrade), logger: logger)
                }
            }
        }

        /// Creates the table and this backend's rows once per backend. Callers that arrive
        /// while a preparation runs wait for it instead of starting their own, so a burst of
        /// first claims costs one migration, not one each; a failed preparation is tried again
        /// by the next caller.
        private func prepare() async throws(LeaseBackendError) {
            guard !schemaReady.load(ordering: .acquiring) else { return }
            let task = preparation.withLock { running in
                if let running { return running }
                let started = Task { () async throws -> Void in try await self.createSchema() }
                running = started
                return started
            }
            do {
                try await task.value
            } catch {
                preparation.withLock { running in
                    if running == task { running = nil }
                }
                throw error as? LeaseBackendError ?? .unavailable("\(error)")
            }
        }

        /// Creates the table and this backend's rows, and remembers that they exist.
        private func createSchema() async throws(LeaseBackendError) {
            try await migrate()
            let (client, logger, layoutName) = (client, logger, layout.name)
            let (lowest, highest) = (instanceNumbers.lowerBound, instanceNumbers.upperBound)
            try await limited("adding rows for the instance numbers") {
                try await client.query(
                    """
                    INSERT INTO miniflake_leases (layout, instance_number, holder, expires_at)
                    SELECT \(layoutName), n, NULL, '-infinity' FROM generate_series(\(lowest)::int, \(highest)::int) AS n
                    ON CONFLICT (layout, instance_number) DO NOTHING
                    """, logger: logger)
            }
            schemaReady.store(true, ordering: .releasing)
        }

        // MARK: InstanceLeaseBackend

        /// Claims a random number whose lease has run out, in one statement: one handed back
        /// cleanly when there is one, else a takeover (``MiniFlakeLease/InstanceLease/isTakeover``).
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/noFreeInstance(capacity:)`` when every
        ///   number is held, ``MiniFlakeLease/LeaseBackendError/unavailable(_:)`` or
        ///   ``MiniFlakeLease/LeaseBackendError/timedOut(operation:after:)`` when PostgreSQL does
        ///   not answer. A conflicting transaction (``MiniFlakeLease/LeaseBackendError/Code/conflict``)
        ///   is retried up to five times.
        public func claim() async throws(LeaseBackendError) -> InstanceLease {
            try await prepare()
            let (client, logger, layoutName, seconds) = (client, logger, layout.name, leaseDuration.secondsAsDouble)
            let (lowest, highest) = (instanceNumbers.lowerBound, instanceNumbers.upperBound)
            // Synchronously replicated, no claim is a takeover, and the WAL goes unread.
            let synchronous = synchronouslyReplicated
            let clean = synchronous ? "true" : Self.cleanHandOver
            var attempt = 0
            while true {
                let holder = LeaseHolder.unique(holderLabel)
                do throws(LeaseBackendError) {
                    let row = try await limited("claiming an instance number", readsTheWAL: !synchronous) {
                        let rows = try await client.query(
                            """
                            WITH chosen AS MATERIALIZED (
                                SELECT instance_number, \(unescaped: clean) AS clean FROM miniflake_leases
                                WHERE layout = \(layoutName) AND expires_at <= now()
                                    AND instance_number BETWEEN \(lowest) AND \(highest)
                                ORDER BY 2 DESC, random() LIMIT 1
                                FOR UPDATE SKIP LOCKED)
                            UPDATE miniflake_leases AS lease
                            SET holder = \(holder), expires_at = now() + make_interval(secs => \(seconds)),
                                claimed_at = now(), renewed_at = now(), released_on_timeline = NULL
                            FROM chosen
                            WHERE lease.layout = \(layoutName) AND lease.instance_number = chosen.instance_number
                                AND lease.expires_at <= now()
                            RETURNING lease.instance_number, lease.high_water_tick, lease.expires_at, chosen.clean
                            """, logger: logger)
                        return try await rows.decode((Int, Int64?, Date, Bool).self).first { _ in true }
                    }
                    guard let (number, highWaterTick, expiresAt, handedBack) = row else {
                        throw LeaseBackendError.noFreeInstance(capacity: instanceNumbers.count)
                    }
                    return InstanceLease(
                        instanceNumber: number, highWaterTick: highWaterTick, holder: holder, expiresAt: expiresAt,
                        isTakeover: !handedBack && !synchronous)
                } catch  where error.code == .conflict && attempt < 5 {
                    attempt += 1
                }
            }
        }

        /// Extends the lease from the database's `now()` and raises its high-water mark.
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/lost(instanceNumber:)`` when the row no longer
        ///   names this holder or its lease has run out.
        public func renew(_ lease: InstanceLease, highWaterTick: Int64) async throws(LeaseBackendError) -> InstanceLease
        {
            let (client, logger, layoutName, seconds) = (client, logger, layout.name, leaseDuration.secondsAsDouble)
            let row = try await limited("renewing instance number \(lease.instanceNumber)") {
                let rows = try await client.query(
                    """
                    UPDATE miniflake_leases
                    SET expires_at = now() + make_interval(secs => \(seconds)), renewed_at = now(),
                        high_water_tick = GREATEST(high_water_tick, \(highWaterTick))
                    WHERE layout = \(layoutName) AND instance_number = \(lease.instanceNumber)
                        AND holder = \(lease.holder) AND expires_at > now()
                    RETURNING high_water_tick, expires_at
                    """, logger: logger)
                return try await rows.decode((Int64?, Date).self).first { _ in true }
            }
            guard let (mark, expiresAt) = row else { throw .lost(instanceNumber: lease.instanceNumber) }
            return InstanceLease(
                instanceNumber: lease.instanceNumber, highWaterTick: mark, holder: lease.holder, expiresAt: expiresAt)
        }

        /// Ends the lease now and stores the final high-water mark, if the row still names this
        /// holder: a clean release on the server's current timeline, which the next claim takes
        /// at once.
        public func release(_ lease: InstanceLease, highWaterTick: Int64?) async throws(LeaseBackendError) {
            let (client, logger, layoutName) = (client, logger, layout.name)
            // Synchronously replicated, the release needs no timeline (no claim is a takeover).
            let timeline = synchronouslyReplicated ? "NULL" : PostgresFlakeSQL.timeline
            try await limited(
                "releasing instance number \(lease.instanceNumber)", readsTheWAL: !synchronouslyReplicated
            ) {
                try await client.query(
                    """
                    UPDATE miniflake_leases
                    SET expires_at = now(), high_water_tick = COALESCE(\(highWaterTick), high_water_tick),
                        released_on_timeline = \(unescaped: timeline)
                    WHERE layout = \(layoutName) AND instance_number = \(lease.instanceNumber)
                        AND holder = \(lease.holder)
                    """, logger: logger)
            }
        }

        /// Every number of this layout that was ever claimed: holder, expiry, high-water mark,
        /// and whether the lease is live by the database's clock.
        public func list() async throws(LeaseBackendError) -> [InstanceLeaseRecord] {
            try await prepare()
            let (client, logger, layoutName) = (client, logger, layout.name)
            return try await limited("listing leases") {
                let rows = try await client.query(
                    """
                    SELECT instance_number, expires_at > now(), holder, expires_at, high_water_tick
                    FROM miniflake_leases
                    WHERE layout = \(layoutName) AND holder IS NOT NULL
                    ORDER BY instance_number
                    """, logger: logger)
                var records: [InstanceLeaseRecord] = []
                for try await (number, live, holder, expiresAt, mark) in rows.decode(
                    (Int, Bool, String?, Date, Int64?).self)
                {
                    records.append(
                        InstanceLeaseRecord(
                            instanceNumber: number, isHeld: live, holder: holder, expiresAt: expiresAt,
                            highWaterTick: mark))
                }
                return records
            }
        }

        // MARK: Helpers

        /// Whether a row is handed back cleanly (``PostgresFlakeSQL/cleanHandOver(timeline:)``),
        /// reading the server's timeline once per statement.
        /// The message of a server that will not tell its WAL position.
        static func walRefusal(_ operation: String, _ cause: String) -> String {
            "\(operation): PostgreSQL will not run pg_walfile_name(pg_current_wal_lsn()) (\(cause)), which tells a "
                + "clean hand-over from a takeover; where every commit is synchronously replicated (Aurora, a "
                + "synchronous standby), set synchronouslyReplicated (miniflake --lease-synchronously-replicated), "
                + "which reads no WAL"
        }

        private static let cleanHandOver = PostgresFlakeSQL.cleanHandOver(
            timeline: "(SELECT \(PostgresFlakeSQL.timeline))")

        /// Runs a request within ``requestTimeout``, turning every failure into a
        /// ``MiniFlakeLease/LeaseBackendError``: for a request that reads the WAL position, a
        /// refusal to tell it is ``MiniFlakeLease/LeaseBackendError/Code/invalidConfiguration``,
        /// naming ``synchronouslyReplicated``.
        @discardableResult
        private func limited<Value: Sendable>(
            _ operation: String,
            readsTheWAL: Bool = false,
            _ body: @escaping @Sendable () async throws -> Value
        ) async throws(LeaseBackendError) -> Value {
            do {
                return try await TimeLimit.run(within: requestTimeout, body)
            } catch let error as LeaseBackendError {
                throw error
            } catch is TimeLimit.Expired {
                throw .timedOut(operation: operation, after: requestTimeout)
            } catch is CancellationError {
                throw .unavailable("\(operation) was cancelled")
            } catch {
                if PostgresFailure.isConflict(error) {
                    throw .conflict("\(operation): \(PostgresFailure.describe(error))")
                }
                if readsTheWAL, PostgresFailure.isWALRefusal(error) {
                    throw .invalidConfiguration(Self.walRefusal(operation, PostgresFailure.describe(error)))
                }
                throw .unavailable("\(operation): \(PostgresFailure.describe(error))")
            }
        }

    }
#endif
