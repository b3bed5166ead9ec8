#if GRDB
    import GRDB
    import MiniFlake

    /// Stores records that clients made offline under identifiers of their own, for a sync server.
    ///
    /// A device gives a note its ``MiniFlake/FlakeID`` when the note is created, offline, and uploads it
    /// later, perhaps more than once. The server cannot trust that identifier: it may be garbage,
    /// come from a clock running far ahead, or be copied from another account. The intake
    ///
    /// 1. checks the raw value with a `FlakeValidator` and reports a rejection with its
    ///    `FlakeValidationError` (whose `code` an API response can carry);
    /// 2. scopes the identifier to the account the request was authenticated as: rows are keyed
    ///    by (account, client ID), so one account's uploads never reach another account's rows;
    /// 3. inserts the record unless that account already has one with this identifier, and says
    ///    which happened, so a retried upload is recognised instead of duplicated.
    ///
    /// The table's primary key is the pair. `STRICT` and the `CHECK` keep bad values out even when
    /// rows arrive some other way, and `WITHOUT ROWID` stores each account's rows together, sorted
    /// by client ID, which is creation order for the notes of one device:
    ///
    /// ```swift
    /// try db.create(table: "note", options: [.strict, .withoutRowID]) { t in
    ///     t.primaryKey {
    ///         t.column("accountID", .text)
    ///         t.column("clientID", .integer).check { $0 >= 0 }
    ///     }
    ///     t.column("title", .text).notNull()
    /// }
    ///
    /// let intake = ClientIDIntake(validator: FlakeValidator(maximumSkewMilliseconds: 60_000))
    /// let outcome = try dbPool.write { db in
    ///     try intake.receive(rawID: upload.id, account: session.accountID, in: db) { id in
    ///         ServerNote(accountID: session.accountID, clientID: id, title: upload.title)
    ///     }
    /// }
    /// switch outcome {
    /// case .inserted, .alreadyPresent: respond(200)
    /// case .rejected(_, let error): respond(422, code: error.code)
    /// }
    /// ```
    ///
    /// Take the account from the authenticated session, never from the upload. The intake checks
    /// that the record it is given carries that account and the validated identifier in its
    /// account and client ID columns, and throws ``RecordMismatch`` otherwise.
    public struct ClientIDIntake: Sendable {
        /// What became of one uploaded identifier.
        public enum Outcome: Sendable, Hashable {
            /// The identifier was valid and new for the account: the record was inserted.
            case inserted(FlakeID)
            /// The account already has a record with this identifier: nothing was written. The
            /// stored record is not compared with the upload; changes to a record take another
            /// path.
            case alreadyPresent(FlakeID)
            /// The validator refused the raw value: nothing was read or written.
            case rejected(rawValue: Int64, FlakeValidationError)
        }

        /// The record given to ``receive(rawID:account:in:makeRecord:)`` does not hold the
        /// account or the identifier it was received for; nothing was written.
        public struct RecordMismatch: Error, Sendable, Hashable, CustomStringConvertible {
            /// The column whose value differs from the expected one.
            public let column: String
            /// The expected value, as GRDB shows a database value.
            public let expected: String
            /// The record's value, shown the same way, or `nil` when the record has no such column.
            public let found: String?

            /// One line for a person, saying what is wrong.
            public var description: String {
                "the record's \(column) is \(found ?? "missing"), not \(expected) as received"
            }
        }

        /// Checks every raw identifier before anything touches the database.
        public var validator: FlakeValidator
        /// The column that holds the account, the first half of the primary key.
        public var accountColumn: String
        /// The column that holds the client's identifier, the second half of the primary key.
        public var clientIDColumn: String

        /// Makes an intake.
        ///
        /// - Parameters:
        ///   - validator: Checks each raw identifier; the default allows 5 seconds of clock skew.
        ///   - accountColumn: The account column of the records' table.
        ///   - clientIDColumn: The client identifier column of the records' table.
        public init(
            validator: FlakeValidator = FlakeValidator(),
            accountColumn: String = "accountID",
            clientIDColumn: String = "clientID"
        ) {
            self.validator = validator
            self.accountColumn = accountColumn
            self.clientIDColumn = clientIDColumn
        }

        /// Validates one uploaded identifier and inserts its record for the account unless the
        /// account already has it.
        ///
        /// Call it inside a write (`dbPool.write { db in ... }`), which makes the look-up and the
        /// insert one atomic step; several uploads may share one write.
        ///
        /// - Parameters:
        ///   - rawID: The identifier as the client sent it.
        ///   - account: The account the request was authenticated as.
        ///   - db: A database connection inside a write.
        ///   - makeRecord: Builds the record to insert from the validated identifier; called only
        ///     when the identifier is valid and new for the account.
        /// - Returns: Whether the record was inserted, already present, or rejected.
        /// - Throws: ``RecordMismatch`` when the record holds another account or identifier,
        ///   and any error of `makeRecord` or of the database.
        public func receive<Record: MutablePersistableRecord>(
            rawID: Int64,
            account: some DatabaseValueConvertible,
            in db: Database,
            makeRecord: (FlakeID) throws -> Record
        ) throws -> Outcome {
            let id: FlakeID
            do {
                id = try validator.validate(rawValue: rawID)
            } catch {
                return .rejected(rawValue: rawID, error)
            }
            let existing = Record.filter(Column(accountColumn) == account && Column(clientIDColumn) == id)
            guard try existing.isEmpty(db) else { return .alreadyPresent(id) }
            var record = try makeRecord(id)
            let values = try record.databaseDictionary
            try Self.check(values, holds: account.databaseValue, in: accountColumn)
            try Self.check(values, holds: id.databaseValue, in: clientIDColumn)
            try record.insert(db)
            return .inserted(id)
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
