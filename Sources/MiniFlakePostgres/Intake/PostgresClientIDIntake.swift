#if Postgres
    import Logging
    import MiniFlake
    import MiniFlakeRegistry
    import PostgresNIO

    /// Stores records that clients made offline under identifiers of their own, in PostgreSQL:
    /// what `GRDBClientIDIntake` does in SQLite, with the same outcomes.
    ///
    /// ```swift
    /// let intake = try PostgresClientIDIntake(client: client, table: "notes")
    /// let outcome = try await intake.receive(
    ///     rawID: upload.id, account: session.accountID, installation: origin,
    ///     registeredInstances: try await registry.liveInstances(of: account)
    /// ) { id, connection in
    ///     try await connection.query(
    ///         """
    ///         INSERT INTO notes (account_id, client_id, installation, title)
    ///         VALUES (\(session.accountID), \(id), \(origin.text), \(upload.title))
    ///         """, logger: intake.logger)
    /// }
    /// ```
    ///
    /// <doc:ReceivingClientIDsInPostgreSQL> shows the table, the outcomes, and how concurrent
    /// uploads of one identifier take turns.
    ///
    /// The intake does not own the client: run `client.run()` for as long as it is used.
    public struct PostgresClientIDIntake: Sendable {
        /// Inserts the record for a validated identifier, inside the intake's transaction: one
        /// `INSERT` of the account, the identifier and the origin installation it was received
        /// for, on the connection given.
        public typealias Insert = @Sendable (FlakeID, PostgresConnection) async throws -> Void

        /// The client queries go through.
        public let client: PostgresClient
        /// The records' table, optionally `schema.table`.
        public let table: String
        /// The account column (`TEXT`), the first half of the primary key.
        public let accountColumn: String
        /// The client identifier column (`BIGINT`), the second half of the primary key.
        public let clientIDColumn: String
        /// The origin installation column (`TEXT NOT NULL`).
        public let installationColumn: String
        /// Checks every raw identifier before anything touches the database.
        ///
        /// A server that refuses unregistered instance numbers sets its `registeredInstances`
        /// per request to the account's live numbers (`InstanceRegistry.liveInstances(of:)`),
        /// or passes them to ``receive(rawID:account:installation:registeredInstances:insert:)``.
        public var validator: FlakeValidator
        /// The longest one upload's transaction may take before it counts as failed.
        public var requestTimeout: Duration
        /// Where postgres-nio logs the queries.
        public var logger: Logger

        /// The names, checked and quoted.
        let quoted: (table: String, account: String, clientID: String, installation: String)

        /// Makes an intake for a table.
        ///
        /// - Parameters:
        ///   - client: A client whose `run()` is running.
        ///   - table: The records' table, `table` or `schema.table`.
        ///   - accountColumn: Its account column.
        ///   - clientIDColumn: Its client identifier column.
        ///   - installationColumn: Its origin installation column.
        ///   - validator: Checks each raw identifier; the default allows 5 seconds of clock skew.
        ///   - requestTimeout: How long one upload's transaction may take (positive); 5 seconds by
        ///     default.
        ///   - logger: Where postgres-nio logs the queries.
        /// - Throws: ``PostgresIntakeError/Code/invalidIdentifier`` when a name is not a plain
        ///   identifier (ASCII letters, digits and `_`, not starting with a digit, at most 63
        ///   bytes); names are quoted, so they match exactly, and a table created without
        ///   quotes has a lower-case name.
        public init(
            client: PostgresClient,
            table: String,
            accountColumn: String = "account_id",
            clientIDColumn: String = "client_id",
            installationColumn: String = "installation",
            validator: FlakeValidator = FlakeValidator(),
            requestTimeout: Duration = .seconds(5),
            logger: Logger = Logger(label: "miniflake.intake.postgres")
        ) throws(PostgresIntakeError) {
            quoted = (
                try PostgresIdentifier.quoted(table, role: "table", qualified: true),
                try PostgresIdentifier.quoted(accountColumn, role: "account column"),
                try PostgresIdentifier.quoted(clientIDColumn, role: "client ID column"),
                try PostgresIdentifier.quoted(installationColumn, role: "installation column")
            )
            self.client = client
            self.table = table
            self.accountColumn = accountColumn
            self.clientIDColumn = clientIDColumn
            self.installationColumn = installationColumn
            self.validator = validator
            self.requestTimeout = requestTimeout
            self.logger = logger
        }

        /// Validates one uploaded identifier and inserts its record for the account unless the
        /// account already has the identifier.
        ///
        /// - Parameters:
        ///   - rawID: The identifier as the client sent it.
        ///   - account: The account the request was authenticated as.
        ///   - installation: The record's origin installation, as the device stored it with the
        ///     record (not necessarily the installation that sends it).
        ///   - insert: Inserts the record for the validated identifier; called only when the
        ///     identifier is valid and new for the account, inside the intake's transaction.
        /// - Returns: `.inserted`, `.alreadyPresent` (same origin), `.conflict` (another origin)
        ///   or `.rejected`.
        /// - Throws: ``PostgresIntakeError``: `record_mismatch` when the insert stored no row for
        ///   the account and identifier or one with another origin, `insert_failed` when it
        ///   threw, `storage_failed` when PostgreSQL failed or timed out. The transaction is
        ///   rolled back in each case.
        public func receive(
            rawID: Int64,
            account: String,
            installation: RegistryName,
            insert: @escaping Insert
        ) async throws(PostgresIntakeError) -> IntakeOutcome {
            let id: FlakeID
            do {
                id = try IntakeDecision.storedOrNewChecks(of: validator).validate(rawValue: rawID)
            } catch {
                return .rejected(rawValue: rawID, error)
            }
            var attempt = 1
            while true {
                if let outcome = try await transaction(
                    id, rawValue: rawID, account: account, installation: installation.text, insert: insert,
                    lastAttempt: attempt == 5)
                {
                    return outcome
                }
                attempt += 1
            }
        }

        /// Like ``receive(rawID:account:installation:insert:)``, refusing identifiers whose
        /// instance number is not among `registeredInstances` with `instance_not_registered`.
        ///
        /// - Parameters:
        ///   - rawID: The identifier as the client sent it.
        ///   - account: The account the request was authenticated as.
        ///   - installation: The record's origin installation.
        ///   - registeredInstances: The numbers registered to the account, from
        ///     `InstanceRegistry.liveInstances(of:)`; `nil` skips the check. Replaces the
        ///     validator's own `registeredInstances` for this call.
        ///   - insert: Inserts the record for the validated identifier.
        /// - Returns: As ``receive(rawID:account:installation:insert:)``.
        /// - Throws: As ``receive(rawID:account:installation:insert:)``.
        public func receive(
            rawID: Int64,
            account: String,
            installation: RegistryName,
            registeredInstances: Set<Int>?,
            insert: @escaping Insert
        ) async throws(PostgresIntakeError) -> IntakeOutcome {
            var intake = self
            intake.validator.registeredInstances = registeredInstances
            return try await intake.receive(rawID: rawID, account: account, installation: installation, insert: insert)
        }
    }
#endif
