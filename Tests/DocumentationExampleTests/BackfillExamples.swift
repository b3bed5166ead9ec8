// The SQLite example of the MiniFlake catalog's "IDs where the data lives" (keys for existing
// rows), as it appears there.
#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import Testing

    func keyPostsByFlakeID(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("key posts by MiniFlake IDs") { db in
            try db.alter(table: "legacyPost") { t in t.add(column: "flakeID", .integer) }
            try db.backfillFlakeIDs(
                table: "legacyPost", column: "flakeID", createdAtColumn: "createdAt", orderColumn: "id",
                instance: 1023)
            try db.create(table: "post") { t in
                t.primaryKey("id", .integer)
                t.column("legacyID", .integer).notNull().unique()
                t.column("title", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.execute(sql: "INSERT INTO post SELECT flakeID, id, title, createdAt FROM legacyPost")
            try db.drop(table: "legacyPost")
        }
    }

    @Suite("Documentation: keys for existing rows (GRDB)")
    struct BackfillExamples {
        @Test("the migration keys old posts by the time they were created")
        func migration() throws {
            let queue = try DatabaseQueue()
            let created = [1_772_366_400.125, 1_772_366_400.125, 1_700_000_000.5].map(Date.init(timeIntervalSince1970:))
            try queue.write { db in
                try db.create(table: "legacyPost") { t in
                    t.autoIncrementedPrimaryKey("id")
                    t.column("title", .text).notNull()
                    t.column("createdAt", .datetime).notNull()
                }
                for (index, date) in created.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO legacyPost (title, createdAt) VALUES (?, ?)",
                        arguments: ["post \(index)", date])
                }
            }
            var migrator = DatabaseMigrator()
            keyPostsByFlakeID(&migrator)
            try migrator.migrate(queue)
            let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT id, title FROM post ORDER BY id") }
            #expect(rows.map { $0["title"] as String } == ["post 2", "post 0", "post 1"])
            let parts = rows.map { FlakeLayout.miniFlake.parts(of: FlakeID(rawValue: $0["id"]) ?? .min) }
            #expect(parts.map(\.millisecondsSince1970) == [1_700_000_000_500, 1_772_366_400_125, 1_772_366_400_125])
            #expect(parts.map(\.sequence) == [0, 0, 1] && parts.allSatisfy { $0.instanceNumber == 1023 })
        }
    }
#endif
