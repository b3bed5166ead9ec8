#if GRDB
    import GRDB
    import MiniFlakeRegistry

    extension GRDBInstanceRegistry {
        /// The identifier of the migration that creates the registry's table, in GRDB's
        /// `grdb_migrations` table.
        public static let migrationIdentifier = "miniflake.registry.v1"

        /// The migrator that creates the registry's table and its partial unique index.
        static var migrator: DatabaseMigrator {
            var migrator = DatabaseMigrator()
            migrator.registerMigration(migrationIdentifier) { db in
                try db.create(table: tableName, options: [.strict, .withoutRowID, .ifNotExists]) { table in
                    table.primaryKey {
                        table.column("account", .text)
                        table.column("installation", .text)
                    }
                    table.column("instance", .integer).notNull().check { $0 >= 0 }
                    table.column("registered_at", .integer).notNull()
                    table.column("last_seen_at", .integer).notNull()
                    table.column("retired_at", .integer)
                    table.column("highest_seen_id", .integer).check { $0 >= 0 }
                }
                try db.create(
                    index: "\(tableName)_live", on: tableName, columns: ["account", "instance"],
                    options: [.unique, .ifNotExists], condition: Column("retired_at") == nil)
            }
            return migrator
        }

        /// Runs the migration. When another process ran it at the same moment, the second run
        /// fails on GRDB's record of it; the migration is then in place and that is no error.
        static func migrate(_ writer: any DatabaseWriter) throws(InstanceRegistryError) {
            let migrator = migrator
            do {
                try migrator.migrate(writer)
            } catch {
                let done = try? writer.read { db in try migrator.hasCompletedMigrations(db) }
                guard done == true else {
                    throw InstanceRegistryError(
                        .storageFailed, message: "cannot create the \(tableName) table: \(error)")
                }
            }
        }
    }
#endif
