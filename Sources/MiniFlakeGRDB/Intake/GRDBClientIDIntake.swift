#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeRegistry

    /// Stores records that clients made offline under identifiers of their own, for a sync server:
    /// it validates each uploaded identifier, scopes it to the account the request was
    /// authenticated as, and inserts the record unless that account already has the identifier.
    ///
    /// ```swift
    /// let intake = GRDBClientIDIntake(validator: FlakeValidator(maximumSkew: .seconds(60)))
    /// let outcome = try dbPool.write { db in
    ///     try intake.receive(rawID: upload.id, account: session.accountID, installation: origin, in: db) { id in
    ///         ServerNote(
    ///             accountID: session.accountID, clientID: id, installation: origin.text, title: upload.title)
    ///     }
    /// }
    /// ```
    ///
    /// The outcome is `.inserted`, `.alreadyPresent` (the same record again), `.conflict` (another
    /// record holds the identifier: `id_conflict`, the device re-keys) or `.rejected` with the
    /// validator's code. <doc:ReceivingClientIDs> shows the table, the answers to send, and why
    /// the account comes from the session, never from the upload.
    public struct GRDBClientIDIntake: Sendable {
        /// Checks every raw identifier before anything touches the database.
        ///
        /// A server that refuses unregistered instance numbers sets its `registeredInstances`
        /// per request to the account's live numbers (`InstanceRegistry.liveInstances(of:)`),
        /// or passes them to ``receive(rawID:account:installation:registeredInstances:in:makeRecord:)``.
        public var validator: FlakeValidator
        /// The column that holds the account, the first half of the primary key.
        public var accountColumn: String
        /// The column that holds the client's identifier, the second half of the primary key.
        public var clientIDColumn: String
        /// The column that holds the record's origin installation (`TEXT NOT NULL`).
        public var installationColumn: String

        /// Makes an intake.
        ///
        /// - Parameters:
        ///   - validator: Checks each raw identifier; the default allows 5 seconds of clock skew.
        ///   - accountColumn: The account column of the records' table.
        ///   - clientIDColumn: The client identifier column of the records' table.
        ///   - installationColumn: The origin installation column of the records' table.
        public init(
            validator: FlakeValidator = FlakeValidator(),
            accountColumn: String = "accountID",
            clientIDColumn: String = "clientID",
            installationColumn: String = "installation"
        ) {
            self.validator = validator
            self.accountColumn = accountColumn
            self.clientIDColumn = clientIDColumn
            self.installationColumn = installationColumn
        }

        /// Validates one uploaded identifier and inserts its record for the account unless the
        /// account already has the identifier.
        ///
        /// Call it inside a write (`dbPool.write { db in ... }`), which makes the look-up and the
        /// insert one atomic step; several uploads may share one write.
        ///
        /// - Parameters:
        ///   - rawID: The identifier as the client sent it.
        ///   - account: The account the request was authenticated as.
        ///   - installation: The record's origin installation, as the device stored it with the
        ///     record (not necessarily the installation that sends it).
        ///   - db: A database connection inside a write.
        ///   - makeRecord: Builds the record to insert from the validated identifier; called only
        ///     when the identifier is valid and new for the account.
        /// - Returns: ``MiniFlakeRegistry/IntakeOutcome/inserted(_:)``, ``MiniFlakeRegistry/IntakeOutcome/alreadyPresent(_:)`` (same
        ///   origin), ``MiniFlakeRegistry/IntakeOutcome/conflict(_:storedInstallation:)`` (another origin) or
        ///   ``MiniFlakeRegistry/IntakeOutcome/rejected(rawValue:_:)``.
        /// - Throws: ``RecordMismatch`` when the record holds another account, identifier or
        ///   installation, and any error of `makeRecord` or of the database.
        public func receive<Record: MutablePersistableRecord>(
            rawID: Int64,
            account: some DatabaseValueConvertible,
            installation: RegistryName,
            in db: Database,
            makeRecord: (FlakeID) throws -> Record
        ) throws -> IntakeOutcome {
            let id: FlakeID
            do {
                id = try IntakeDecision.storedOrNewChecks(of: validator).validate(rawValue: rawID)
            } catch {
                return .rejected(rawValue: rawID, error)
            }
            let existing = Record.filter(Column(accountColumn) == account && Column(clientIDColumn) == id)
            if let stored = try existing.select(Column(installationColumn), as: DatabaseValue.self).fetchOne(db) {
                return IntakeDecision.existingRecord(
                    id, storedInstallation: String.fromDatabaseValue(stored), uploadedInstallation: installation.text)
            }
            if let refused = IntakeDecision.newRecord(id, rawValue: rawID, validator: validator) { return refused }
            var record = try makeRecord(id)
            let values = try record.databaseDictionary
            try Self.check(values, holds: account.databaseValue, in: accountColumn)
            try Self.check(values, holds: id.databaseValue, in: clientIDColumn)
            try Self.check(values, holds: installation.text.databaseValue, in: installationColumn)
            try record.insert(db)
            return .inserted(id)
        }

        /// Like ``receive(rawID:account:installation:in:makeRecord:)``, refusing identifiers
        /// whose instance number is not among `registeredInstances` with
        /// `instance_not_registered`.
        ///
        /// - Parameters:
        ///   - rawID: The identifier as the client sent it.
        ///   - account: The account the request was authenticated as.
        ///   - installation: The record's origin installation.
        ///   - registeredInstances: The numbers registered to the account, from
        ///     `InstanceRegistry.liveInstances(of:)`; `nil` skips the check. Replaces the
        ///     validator's own `registeredInstances` for this call.
        ///   - db: A database connection inside a write.
        ///   - makeRecord: Builds the record to insert from the validated identifier.
        /// - Returns: As ``receive(rawID:account:installation:in:makeRecord:)``.
        /// - Throws: As ``receive(rawID:account:installation:in:makeRecord:)``.
        public func receive<Record: MutablePersistableRecord>(
            rawID: Int64,
            account: some DatabaseValueConvertible,
            installation: RegistryName,
            registeredInstances: Set<Int>?,
            in db: Database,
            makeRecord: (FlakeID) throws -> Record
        ) throws -> IntakeOutcome {
            var intake = self
            intake.validator.registeredInstances = registeredInstances
            return try intake.receive(
                rawID: rawID, account: account, installation: installation, in: db, makeRecord: makeRecord)
        }

        /// Throws ``RecordMismatch`` unless a record's encoded values hold `expected` in `column`.
        private static func check(
            _ values: [String: DatabaseValue], holds expected: DatabaseValue, in column: String
        ) throws(RecordMismatch) {
            let found = values.first { $0.key.lowercased() == column.lowercased() }?.value
            guard found != expected else { return }
            throw RecordMismatch(column: column, expected: expected.description, found: found?.description)
        }
    }
#endif
