// The examples of the MiniFlake catalog's "IDs where the data lives", as they appear there.
#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import Testing

    func openNotes(at path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.addFlakeFunctions() }
        return try DatabasePool(path: path, configuration: configuration)
    }

    func notes(in db: Database, from start: Date, to end: Date) throws -> [Note] {
        let ids = try FlakeLayout.miniFlake.ids(from: start, to: end)
        return try Note.filter(ids.contains(Column("id"))).order(Column("id")).fetchAll(db)
    }

    func marchTitles(in db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT title FROM note
                WHERE id >= miniflake_id_at('2026-03-01') AND id < miniflake_id_at('2026-04-01')
                ORDER BY id
                """)
    }

    @Suite("Documentation: IDs where the data lives (GRDB)")
    struct TimeRangeExamples {
        @Test("March's notes, from Swift and from SQL")
        func march() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let pool = try openNotes(at: directory.appendingPathComponent("notes.sqlite").path)
            let layout = FlakeLayout.miniFlake
            try pool.write { db throws in
                try db.create(table: "note") { t in
                    t.primaryKey("id", .integer)
                    t.column("title", .text).notNull()
                }
                // Noon on 2026-02-28, 2026-03-01, 2026-03-31 and 2026-04-01.
                for (day, title) in [(58, "february"), (59, "march 1"), (89, "march 31"), (90, "april")] {
                    let id = try layout.compose(
                        millisecondsSince1970: 1_767_225_600_000 + Int64(day) * 86_400_000 + 43_200_000, sequence: 0,
                        instanceNumber: 1)
                    try Note(id: id, title: title).insert(db)
                }
            }
            let start = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
            let end = Date(timeIntervalSince1970: 1_775_001_600)  // 2026-04-01T00:00:00Z
            try pool.read { db throws in
                #expect(try notes(in: db, from: start, to: end).map(\.title) == ["march 1", "march 31"])
                #expect(try marchTitles(in: db) == ["march 1", "march 31"])
            }
        }
    }
#endif
