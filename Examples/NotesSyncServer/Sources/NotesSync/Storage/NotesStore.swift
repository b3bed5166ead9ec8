#if Server && GRDB
    import GRDB
    import Logging
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry

    /// The sync server's storage: one SQLite database (WAL) that holds the notes and the
    /// instance registry, side by side.
    ///
    /// - ``register(account:installation:provisionalInstance:)`` gives an installation its
    ///   number in an account, through a `GRDBInstanceRegistry`, and
    ///   ``retire(account:installation:)`` takes it back;
    /// - ``receive(_:account:)`` takes a batch of notes made offline, through a
    ///   `GRDBClientIDIntake`, in one write;
    /// - ``notes(of:)`` lists an account's notes.
    public final class NotesStore: Sendable {
        /// The instance registry, in the same database as the notes.
        public let registry: GRDBInstanceRegistry
        /// The database.
        let database: DatabasePool
        /// The limits and the clock.
        let settings: NotesSyncSettings
        /// Where database failures are logged.
        let logger: Logger

        /// Opens (or creates) the database at `path` and brings its tables up to date.
        ///
        /// - Throws: `InstanceRegistryError` with code `storage_failed` when the file cannot be
        ///   opened or migrated.
        public init(path: String, settings: NotesSyncSettings = .init(), logger: Logger) throws(InstanceRegistryError) {
            do {
                database = try DatabasePool(path: path)
                try Self.migrator.migrate(database)
            } catch {
                throw InstanceRegistryError(
                    .storageFailed, message: "cannot open the notes database at \(path): \(error)")
            }
            registry = try GRDBInstanceRegistry(writer: database, configuration: settings.registry)
            self.settings = settings
            self.logger = logger
        }

        /// The notes table: keyed by (account, client ID), with the origin installation.
        ///
        /// `STRICT` and the `CHECK` keep bad values out; `WITHOUT ROWID` stores each account's
        /// notes together, in identifier order.
        static var migrator: DatabaseMigrator {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("notes") { db in
                try db.create(table: ServerNote.databaseTableName, options: [.strict, .withoutRowID]) { table in
                    table.primaryKey {
                        table.column("accountID", .text)
                        table.column("clientID", .integer).check { $0 >= 0 }
                    }
                    table.column("origin", .text).notNull()
                    table.column("title", .text).notNull()
                }
            }
            return migrator
        }

        /// Registers an installation in an account, or answers its existing registration.
        ///
        /// - Throws: `invalid_installation` or `instance_out_of_range` (400),
        ///   `no_free_instance` (409), `internal_error` (500) when the database failed.
        public func register(
            account: RegistryName, installation: RegistryName, provisionalInstance: Int?
        ) async throws(NotesSyncError) -> InstanceRegistration {
            do {
                return try await registry.register(
                    account: account, installation: installation, provisionalInstance: provisionalInstance)
            } catch {
                throw failure(error, while: "registering \(installation) in \(account)")
            }
        }

        /// Retires an installation of an account: its number is no longer live there.
        ///
        /// - Returns: `true` when it was live, `false` when unknown or already retired.
        /// - Throws: `internal_error` when the database failed.
        public func retire(account: RegistryName, installation: RegistryName) async throws(NotesSyncError) -> Bool {
            do {
                return try await registry.retire(account: account, installation: installation)
            } catch {
                throw failure(error, while: "retiring \(installation) in \(account)")
            }
        }

        /// The account's notes, in identifier order.
        ///
        /// - Throws: `internal_error` when the database failed.
        public func notes(of account: RegistryName) async throws(NotesSyncError) -> [UploadedNote] {
            do {
                let stored = try await database.read { db in
                    try ServerNote.filter(Column("accountID") == account.text).order(Column("clientID")).fetchAll(db)
                }
                return stored.map(\.listed)
            } catch {
                logger.error("reading the notes of \(account) failed: \(error)")
                throw .internalError
            }
        }

        /// The answer for a registry error, logged when it is the server's own fault.
        func failure(_ error: InstanceRegistryError, while doing: String) -> NotesSyncError {
            let answer = NotesSyncError(error)
            if answer.code == NotesSyncError.internalError.code {
                logger.error("\(doing) failed: \(error)")
            }
            return answer
        }
    }
#endif
