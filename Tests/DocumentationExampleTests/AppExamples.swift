#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import Testing

    // The GRDB block of the MiniFlake catalog's "For app developers", as it appears there.

    struct Note: Codable, Identifiable, FetchableRecord, PersistableRecord {
        var id: FlakeID
        var title: String
    }

    func saveAndList(in db: Database, maker: FlakeMaker) throws -> [Note] {
        try db.create(table: "note") { t in
            t.primaryKey("id", .integer)  // id INTEGER PRIMARY KEY
            t.column("title", .text).notNull()
        }
        let note = Note(id: try maker.nextBlocking(), title: "Groceries")  // the ID is known now…
        try note.insert(db)  // …and saved later
        return try Note.order(Column("id")).fetchAll(db)  // oldest first
    }

    @Suite("Documentation: for app developers (GRDB)")
    struct AppExamples {
        @Test("A note gets its ID before it is saved")
        func saveNote() throws {
            let maker = try FlakeMaker(instance: 3)
            let notes = try DatabaseQueue().write { db in try saveAndList(in: db, maker: maker) }
            #expect(notes.map(\.title) == ["Groceries"])
        }
    }
#endif
