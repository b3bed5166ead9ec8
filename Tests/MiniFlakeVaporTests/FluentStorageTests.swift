#if Vapor
    import Fluent
    import FluentPostgresDriver
    import FluentSQLiteDriver
    import MiniFlake
    import MiniFlakeVapor
    import Testing
    import Vapor

    @Test(
        "a PostgreSQL server is given on CI (MINIFLAKE_TEST_POSTGRES_URL)",
        .enabled(if: TestApp.postgresURL == nil && TestApp.isCI))
    func vaporPostgresRequiredOnCI() {
        Issue.record(
            """
            CI=true but MINIFLAKE_TEST_POSTGRES_URL is not set: the Vapor PostgreSQL tests did not run. \
            Run the tests under scripts/with-postgres.sh, e.g. scripts/with-postgres.sh swift test --enable-all-traits
            """)
    }

    /// FlakeID in Fluent models: IDs and fields round-trip as 64-bit integers.
    @Suite("FlakeID in Fluent", .serialized)
    struct FluentStorageTests {
        @Test(
            "a model created without an ID gets one from the app's issuer; ID and fields round-trip",
            arguments: TestApp.backends)
        func roundTrip(backend: Backend) async throws {
            try await TestApp.withApp(backend) { app in
                let parent = Note(title: "parent", reference: .max)
                try await parent.create(on: app.db)
                let parentID = try #require(parent.id)
                #expect(FlakeLayout.miniFlake.parts(of: parentID).instanceNumber == 7)

                let child = Note(title: "child", reference: parentID, parentID: parentID)
                try await child.create(on: app.db)
                let childID = try #require(child.id)
                #expect(childID > parentID)

                let given = try #require(FlakeID(rawValue: 42))
                try await Note(id: given, title: "given").create(on: app.db)

                let found = try #require(try await Note.find(childID, on: app.db))
                #expect(found.reference == parentID)
                #expect(found.parentID == parentID)
                #expect(try await Note.find(given, on: app.db)?.title == "given")
                #expect(try await Note.find(parentID, on: app.db)?.reference == .max)
                #expect(try await Note.find(parentID, on: app.db)?.parentID == nil)

                let ordered = try await Note.query(on: app.db).sort(\.$id).all().map(\.title)
                #expect(ordered == ["given", "parent", "child"])
                let after = try await Note.query(on: app.db).filter(\.$id > given).filter(\.$reference == parentID)
                    .all()
                #expect(after.map(\.title) == ["child"])
            }
        }

        @Test("SQLite stores the ID and FlakeID fields as INTEGER (declared type and typeof)")
        func sqliteColumnTypes() async throws {
            try await TestApp.withApp(.sqlite) { app in
                let parent = Note(title: "parent", reference: .max)
                try await parent.create(on: app.db)
                try await Note(title: "child", reference: .min, parentID: parent.id).create(on: app.db)
                let sql = try TestApp.sql(app)

                let columns = try await sql.raw("PRAGMA table_info(notes)").all()
                var declared: [String: String] = [:]
                for row in columns {
                    declared[try row.decode(column: "name", as: String.self)] = try row.decode(
                        column: "type", as: String.self)
                }
                #expect(declared["id"] == "INTEGER")
                #expect(declared["reference"] == "INTEGER")
                #expect(declared["parent_id"] == "INTEGER")

                let row = try #require(
                    try await sql.raw(
                        "SELECT typeof(id) AS id, typeof(reference) AS reference, typeof(parent_id) AS parent FROM notes WHERE title = 'child'"
                    ).first())
                #expect(try row.decode(column: "id", as: String.self) == "integer")
                #expect(try row.decode(column: "reference", as: String.self) == "integer")
                #expect(try row.decode(column: "parent", as: String.self) == "integer")
            }
        }

        @Test(
            "PostgreSQL stores the ID and FlakeID fields as bigint (information_schema and pg_typeof)",
            .enabled(if: TestApp.postgresURL != nil, TestApp.missing))
        func postgresColumnTypes() async throws {
            try await TestApp.withApp(.postgres) { app in
                let parent = Note(title: "parent", reference: .max)
                try await parent.create(on: app.db)
                try await Note(title: "child", reference: .min, parentID: parent.id).create(on: app.db)
                let sql = try TestApp.sql(app)

                let columns = try await sql.raw(
                    """
                    SELECT column_name::text AS name, data_type::text AS type FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = 'notes'
                    """
                ).all()
                var declared: [String: String] = [:]
                for row in columns {
                    declared[try row.decode(column: "name", as: String.self)] = try row.decode(
                        column: "type", as: String.self)
                }
                #expect(declared["id"] == "bigint")
                #expect(declared["reference"] == "bigint")
                #expect(declared["parent_id"] == "bigint")

                let row = try #require(
                    try await sql.raw(
                        "SELECT pg_typeof(id)::text AS id, pg_typeof(reference)::text AS reference FROM notes WHERE title = 'child'"
                    ).first())
                #expect(try row.decode(column: "id", as: String.self) == "bigint")
                #expect(try row.decode(column: "reference", as: String.self) == "bigint")

                // The identifier is bound as int8: comparing it with a bigint needs no cast.
                let parentID = try #require(parent.id)
                let count = try await sql.raw(
                    "SELECT count(*)::int8 AS n FROM notes WHERE id = \(bind: parentID) AND pg_typeof(\(bind: parentID)) = 'bigint'::regtype"
                ).first()?.decode(column: "n", as: Int64.self)
                #expect(count == 1)
            }
        }

        @Test("SQLite: a negative, text, real or blob value stored in a FlakeID column fails to decode")
        func sqliteStrictDecoding() async throws {
            try await TestApp.withApp(.sqlite) { app in
                let sql = try TestApp.sql(app)
                // The ID is the rowid (INTEGER PRIMARY KEY): only a negative integer gets past SQLite.
                try await sql.raw("INSERT INTO notes (id, title, reference) VALUES (-1, 'negative id', 1)").run()
                let badReferences: [(String, String)] = [
                    ("negative", "-5"), ("text", "'abc'"), ("real", "2.5"), ("blob", "x'01'"),
                ]
                for (index, (title, value)) in badReferences.enumerated() {
                    try await sql.raw(
                        "INSERT INTO notes (id, title, reference) VALUES (\(unsafeRaw: String(index + 100)), \(bind: title), \(unsafeRaw: value))"
                    ).run()
                }
                for title in ["negative id"] + badReferences.map(\.0) {
                    await #expect(throws: (any Error).self, "\(title)") {
                        try await Note.query(on: app.db).filter(\.$title == title).all()
                    }
                }
                // A decimal string is text, not an identifier.
                let row = try #require(try await sql.raw("SELECT '42' AS text, 42 AS number, -42 AS negative").first())
                #expect(throws: (any Error).self) { try row.decode(column: "text", as: FlakeID.self) }
                #expect(throws: (any Error).self) { try row.decode(column: "negative", as: FlakeID.self) }
                #expect(try row.decode(column: "number", as: FlakeID.self).rawValue == 42)
            }
        }

        @Test(
            "PostgreSQL: a negative bigint, text, numeric or JSON value fails to decode as FlakeID",
            .enabled(if: TestApp.postgresURL != nil, TestApp.missing))
        func postgresStrictDecoding() async throws {
            try await TestApp.withApp(.postgres) { app in
                let sql = try TestApp.sql(app)
                try await sql.raw("INSERT INTO notes (id, title, reference) VALUES (-1, 'negative id', 1)").run()
                try await sql.raw("INSERT INTO notes (id, title, reference) VALUES (2, 'negative reference', -5)").run()
                for title in ["negative id", "negative reference"] {
                    await #expect(throws: (any Error).self, "\(title)") {
                        try await Note.query(on: app.db).filter(\.$title == title).all()
                    }
                }
                let row = try #require(
                    try await sql.raw(
                        """
                        SELECT '42'::text AS text, 42::numeric AS numeric, '42'::jsonb AS json, -1::int8 AS negative,
                               42::int8 AS big, 42::int4 AS int, 42::int2 AS small
                        """
                    ).first())
                for column in ["text", "numeric", "json", "negative"] {
                    #expect(throws: (any Error).self, "\(column)") { try row.decode(column: column, as: FlakeID.self) }
                }
                for column in ["big", "int", "small"] {
                    #expect(try row.decode(column: column, as: FlakeID.self).rawValue == 42)
                }
            }
        }

        @Test("8 concurrent writers insert 10,000 models with no duplicate key", arguments: TestApp.backends)
        func concurrentWriters(backend: Backend) async throws {
            let writers = 8
            let perWriter = 1_250
            let singles = 50
            let batch = 100
            try await TestApp.withApp(backend) { app in
                // Each writer creates its first models one by one, the rest in batches (Fluent runs
                // the middleware for every model of a batch, concurrently, then inserts the batch
                // with one statement): both paths race for identifiers.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in 0..<writers {
                        group.addTask {
                            for index in 0..<singles {
                                try await Note(title: "w\(writer)-\(index)").create(on: app.db)
                            }
                            for start in stride(from: singles, to: perWriter, by: batch) {
                                let notes = (start..<min(start + batch, perWriter)).map {
                                    Note(title: "w\(writer)-\($0)")
                                }
                                try await notes.create(on: app.db)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                let row = try #require(
                    try await TestApp.sql(app).raw(
                        "SELECT count(*) AS total, count(DISTINCT id) AS distinct_ids FROM notes"
                    ).first())
                #expect(try row.decode(column: "total", as: Int.self) == writers * perWriter)
                #expect(try row.decode(column: "distinct_ids", as: Int.self) == writers * perWriter)
            }
        }
    }
#endif
