#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import MiniFlakeTestSupport
    import Testing

    /// What only the SQLite registry does: opening files, its migration, and its table's guards.
    @Suite("GRDB instance registry")
    struct GRDBInstanceRegistryTests {
        @Test("a file in a missing directory is a clear storage_failed error, and nothing is created")
        func missingDirectory() throws {
            let directory = try TemporaryDirectory(prefix: "MiniFlakeRegistryTests")
            defer { directory.remove() }
            let path = directory.appending("missing/registry.sqlite").path
            #expect {
                try GRDBInstanceRegistry(path: path)
            } throws: { error in
                guard let error = error as? InstanceRegistryError else { return false }
                return error.code == .storageFailed && error.message.contains("does not exist")
                    && error.message.contains(directory.appending("missing").path)
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appending("missing").path))
        }

        @Test("the migration runs once, beside the application's own migrations")
        func migration() async throws {
            let directory = try TemporaryDirectory(prefix: "MiniFlakeRegistryTests")
            defer { directory.remove() }
            let pool = try DatabasePool(path: directory.appending("app.sqlite").path)
            var appMigrator = DatabaseMigrator()
            appMigrator.registerMigration("notes") { db in
                try db.create(table: "note") { $0.primaryKey("id", .integer) }
            }
            try appMigrator.migrate(pool)
            let first = try GRDBInstanceRegistry(writer: pool)
            let account = try Fixture.account()
            _ = try await first.register(
                account: account, installation: Fixture.installation(1), provisionalInstance: nil)
            let second = try GRDBInstanceRegistry(writer: pool)
            #expect(try await second.liveInstances(of: account) == [0])
            try appMigrator.migrate(pool)
            let applied = try await pool.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            }
            #expect(applied == ["miniflake.registry.v1", "notes"])
            #expect(GRDBInstanceRegistry.migrationIdentifier == "miniflake.registry.v1")
        }

        @Test("the table refuses a second live row with one number, bad values, and reads bad names as storage_failed")
        func tableGuards() async throws {
            let directory = try TemporaryDirectory(prefix: "MiniFlakeRegistryTests")
            defer { directory.remove() }
            let pool = try DatabasePool(path: directory.appending("registry.sqlite").path)
            let registry = try GRDBInstanceRegistry(writer: pool)
            let account = try Fixture.account()
            _ = try await registry.register(
                account: account, installation: Fixture.installation(1), provisionalInstance: 9)
            let insert = "INSERT INTO miniflake_installation VALUES (?, ?, ?, 0, 0, ?, ?)"
            try await pool.write { db in
                #expect(throws: DatabaseError.self) {
                    try db.execute(sql: insert, arguments: [account.text, "other", 9, nil, nil])
                }
                // A retired row may share the number; a negative number, a text number or a
                // negative identifier may not be stored at all.
                try db.execute(sql: insert, arguments: [account.text, "retired", 9, 5, nil])
                #expect(throws: DatabaseError.self) {
                    try db.execute(sql: insert, arguments: [account.text, "negative", -1, nil, nil])
                }
                #expect(throws: DatabaseError.self) {
                    try db.execute(sql: insert, arguments: [account.text, "text", "x", nil, nil])
                }
                #expect(throws: DatabaseError.self) {
                    try db.execute(sql: insert, arguments: [account.text, "id", 3, nil, -7])
                }
                try db.execute(sql: insert, arguments: [account.text, "", 4, nil, nil])
            }
            let code = await Fixture.failure { try await registry.installations(of: account) }
            #expect(code == .storageFailed)
        }
    }
#endif
