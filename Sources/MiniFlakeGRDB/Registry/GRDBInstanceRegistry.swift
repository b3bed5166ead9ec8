#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeRegistry

    /// An ``MiniFlakeRegistry/InstanceRegistry`` stored in SQLite through GRDB.
    ///
    /// ```swift
    /// let registry = try GRDBInstanceRegistry(path: "/var/lib/notes/registry.sqlite")
    /// let registration = try await registry.register(
    ///     account: RegistryName(session.accountID), installation: RegistryName(request.installation),
    ///     provisionalInstance: request.provisionalInstance)
    /// ```
    ///
    /// One row per (account, installation) pair, in the table `miniflake_installation`, which
    /// the registry creates with a `DatabaseMigrator` (migration `miniflake.registry.v1`):
    ///
    /// ```sql
    /// CREATE TABLE miniflake_installation (
    ///     account         TEXT    NOT NULL,
    ///     installation    TEXT    NOT NULL,
    ///     instance        INTEGER NOT NULL CHECK (instance >= 0),
    ///     registered_at   INTEGER NOT NULL,   -- milliseconds since 1970
    ///     last_seen_at    INTEGER NOT NULL,
    ///     retired_at      INTEGER,            -- NULL while live
    ///     highest_seen_id INTEGER CHECK (highest_seen_id >= 0),
    ///     PRIMARY KEY (account, installation)) STRICT, WITHOUT ROWID;
    /// CREATE UNIQUE INDEX miniflake_installation_live
    ///     ON miniflake_installation (account, instance) WHERE retired_at IS NULL;
    /// ```
    ///
    /// A live pair that registers again is answered from its own row (one `UPDATE … RETURNING`,
    /// which needs SQLite 3.35 or later). Any other registration reads the account's rows, decides with
    /// the registry's rules and writes, all in one `IMMEDIATE` write
    /// transaction (GRDB's default for writes), so registrations are serialized, also between
    /// processes that share the file. The partial unique index is a safety net: two live
    /// installations of one account can never hold one number, whatever writes the table.
    ///
    /// Every method suspends while GRDB works on its own queue; none blocks the caller's thread.
    public final class GRDBInstanceRegistry: InstanceRegistry {
        /// The table the registry keeps its rows in.
        public static let tableName = "miniflake_installation"

        /// The database the registry reads and writes.
        public let writer: any DatabaseWriter
        /// The layout, reuse horizon and clock the registry works with.
        public let configuration: InstanceRegistryConfiguration

        /// Makes a registry on a database, creating its table when missing.
        ///
        /// The registry's migration is recorded in GRDB's `grdb_migrations` table under its own
        /// identifier, beside the application's migrations. When several processes share the
        /// file, open it with a busy timeout (`Configuration.busyMode = .timeout(...)`), as
        /// ``init(path:configuration:)`` does, so that they wait for each other's writes.
        ///
        /// - Parameters:
        ///   - writer: A `DatabasePool` or `DatabaseQueue`.
        ///   - configuration: The layout, reuse horizon and clock.
        /// - Throws: ``MiniFlakeRegistry/InstanceRegistryError/Code/storageFailed`` when the table
        ///   cannot be created.
        public init(writer: any DatabaseWriter, configuration: InstanceRegistryConfiguration = .init())
            throws(InstanceRegistryError)
        {
            self.writer = writer
            self.configuration = configuration
            try Self.migrate(writer)
        }

        /// Opens (or creates) a registry in an SQLite file, as a `DatabasePool` in WAL mode that
        /// waits up to 10 seconds for other processes' writes.
        ///
        /// - Parameters:
        ///   - path: The database file; its directory must exist.
        ///   - configuration: The layout, reuse horizon and clock.
        /// - Throws: ``MiniFlakeRegistry/InstanceRegistryError/Code/storageFailed`` when the
        ///   directory is missing or the file cannot be opened or migrated.
        public convenience init(path: String, configuration: InstanceRegistryConfiguration = .init())
            throws(InstanceRegistryError)
        {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw InstanceRegistryError(
                    .storageFailed,
                    message: "cannot open the registry database \(path): the directory \(directory) does not exist")
            }
            var database = Configuration()
            database.busyMode = .timeout(10)
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: path, configuration: database)
            } catch {
                throw InstanceRegistryError(
                    .storageFailed, message: "cannot open the registry database \(path): \(error)")
            }
            try self.init(writer: pool, configuration: configuration)
        }

        // MARK: InstanceRegistry

        /// Registers an installation of an account, or answers its existing registration, in
        /// one write transaction: a live pair from its own row, any other by the rules of
        /// the registry's rules.
        public func register(
            account: RegistryName, installation: RegistryName, provisionalInstance: Int?
        ) async throws(InstanceRegistryError) -> InstanceRegistration {
            let configuration = configuration
            return try await perform("registering \(installation) in \(account)", writing: true) { db in
                try Self.register(
                    account: account, installation: installation, provisionalInstance: provisionalInstance,
                    configuration: configuration, in: db)
            }
        }

        /// Retires a live installation: sets its retirement time to now.
        public func retire(account: RegistryName, installation: RegistryName) async throws(InstanceRegistryError)
            -> Bool
        {
            let now = configuration.clock.millisecondsSince1970()
            return try await perform("retiring \(installation) in \(account)", writing: true) { db in
                try db.execute(
                    sql: """
                        UPDATE miniflake_installation SET retired_at = ?
                        WHERE account = ? AND installation = ? AND retired_at IS NULL
                        """, arguments: [now, account.text, installation.text])
                return db.changesCount > 0
            }
        }

        /// Every installation of the account, retired ones included, by instance number.
        public func installations(of account: RegistryName) async throws(InstanceRegistryError)
            -> [InstallationRecord]
        {
            try await perform("listing the installations of \(account)", writing: false) { db in
                try Self.records(of: account, in: db)
            }
        }

        /// The numbers of the account's live installations.
        public func liveInstances(of account: RegistryName) async throws(InstanceRegistryError) -> Set<Int> {
            try await perform("listing the live instances of \(account)", writing: false) { db in
                try Int.fetchSet(
                    db, sql: "SELECT instance FROM miniflake_installation WHERE account = ? AND retired_at IS NULL",
                    arguments: [account.text])
            }
        }

        /// Raises the installation's highest seen identifier and last-seen time; ignores
        /// unknown pairs.
        public func recordSeen(_ id: FlakeID, account: RegistryName, installation: RegistryName)
            async throws(InstanceRegistryError)
        {
            let now = configuration.clock.millisecondsSince1970()
            try await perform("recording an identifier of \(installation) in \(account)", writing: true) { db in
                try db.execute(
                    sql: """
                        UPDATE miniflake_installation
                        SET highest_seen_id = MAX(COALESCE(highest_seen_id, -1), ?), last_seen_at = MAX(last_seen_at, ?)
                        WHERE account = ? AND installation = ?
                        """, arguments: [id, now, account.text, installation.text])
            }
        }

        // MARK: Helpers

        /// Runs `body` in a write transaction or a read, turning every failure that is not an
        /// ``MiniFlakeRegistry/InstanceRegistryError`` into ``MiniFlakeRegistry/InstanceRegistryError/Code/storageFailed``.
        private func perform<Value: Sendable>(
            _ operation: String, writing: Bool, _ body: @escaping @Sendable (Database) throws -> Value
        ) async throws(InstanceRegistryError) -> Value {
            do {
                return writing ? try await writer.write(body) : try await writer.read(body)
            } catch let error as InstanceRegistryError {
                throw error
            } catch {
                throw InstanceRegistryError(.storageFailed, message: "\(operation): \(error)")
            }
        }

        /// The registration itself, inside the write transaction.
        private static func register(
            account: RegistryName, installation: RegistryName, provisionalInstance: Int?,
            configuration: InstanceRegistryConfiguration, in db: Database
        ) throws -> InstanceRegistration {
            let now = configuration.clock.millisecondsSince1970()
            let instanceCount = configuration.layout.instanceCount
            try InstanceAssignment.checkProvisional(provisionalInstance, instanceCount: instanceCount)
            // A live pair answers its number from its own row, without reading the account.
            if let row = try Row.fetchOne(
                db,
                sql: """
                    UPDATE miniflake_installation SET last_seen_at = MAX(last_seen_at, ?)
                    WHERE account = ? AND installation = ? AND retired_at IS NULL
                    RETURNING instance, highest_seen_id
                    """, arguments: [now, account.text, installation.text])
            {
                return InstanceRegistration(
                    account: account, installation: installation, instance: try row.decode(Int.self, atIndex: 0),
                    isNew: false, highestSeenID: try row.decode(FlakeID?.self, atIndex: 1))
            }
            let records = try records(of: account, in: db)
            let decision = try InstanceAssignment.decide(
                for: installation, provisionalInstance: provisionalInstance, records: records,
                configuration: configuration,
                nowMilliseconds: now)
            let highestSeenID = records.first { $0.installation == installation }?.highestSeenID
            switch decision {
            case .existing(let instance):
                try db.execute(
                    sql: """
                        UPDATE miniflake_installation SET last_seen_at = MAX(last_seen_at, ?)
                        WHERE account = ? AND installation = ?
                        """, arguments: [now, account.text, installation.text])
                return InstanceRegistration(
                    account: account, installation: installation, instance: instance, isNew: false,
                    highestSeenID: highestSeenID)
            case .assign(let instance, let forgotten):
                if let forgotten {
                    try db.execute(
                        sql: "DELETE FROM miniflake_installation WHERE account = ? AND installation = ?",
                        arguments: [account.text, forgotten.text])
                }
                try db.execute(
                    sql: """
                        INSERT INTO miniflake_installation
                            (account, installation, instance, registered_at, last_seen_at, retired_at)
                        VALUES (?, ?, ?, ?, ?, NULL)
                        ON CONFLICT (account, installation) DO UPDATE SET
                            instance = excluded.instance, retired_at = NULL,
                            last_seen_at = MAX(last_seen_at, excluded.last_seen_at)
                        """, arguments: [account.text, installation.text, instance, now, now])
                return InstanceRegistration(
                    account: account, installation: installation, instance: instance, isNew: true,
                    highestSeenID: highestSeenID)
            }
        }

        /// The account's rows, by instance number.
        private static func records(of account: RegistryName, in db: Database) throws -> [InstallationRecord] {
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT installation, instance, registered_at, last_seen_at, retired_at, highest_seen_id
                    FROM miniflake_installation WHERE account = ? ORDER BY instance, installation
                    """, arguments: [account.text])
            var records: [InstallationRecord] = []
            while let row = try rows.next() {
                let name = try row.decode(String.self, atIndex: 0)
                guard let installation = try? RegistryName(name) else {
                    throw InstanceRegistryError(
                        .storageFailed, message: "\(tableName) holds an invalid installation name for \(account)")
                }
                records.append(
                    InstallationRecord(
                        installation: installation,
                        instance: try row.decode(Int.self, atIndex: 1),
                        registeredAtMilliseconds: try row.decode(Int64.self, atIndex: 2),
                        lastSeenAtMilliseconds: try row.decode(Int64.self, atIndex: 3),
                        retiredAtMilliseconds: try row.decode(Int64?.self, atIndex: 4),
                        highestSeenID: try row.decode(FlakeID?.self, atIndex: 5)))
            }
            return records
        }
    }
#endif
