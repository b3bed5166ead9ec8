#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import Testing

    /// A stored value that is not an identifier, as an SQL literal and as GRDB shows it in errors.
    struct InvalidStoredValue: Sendable, CustomTestStringConvertible {
        let sql: String
        let shown: String

        var testDescription: String { sql }

        static let all: [InvalidStoredValue] = [
            InvalidStoredValue(sql: "NULL", shown: "NULL"),
            InvalidStoredValue(sql: "'abc'", shown: #""abc""#),
            InvalidStoredValue(sql: "'12'", shown: #""12""#),
            InvalidStoredValue(sql: "'12abc'", shown: #""12abc""#),
            InvalidStoredValue(sql: "2.5", shown: "2.5"),
            InvalidStoredValue(sql: "2.0", shown: "2.0"),
            InvalidStoredValue(sql: "x'0102'", shown: "Data(2 bytes)"),
            InvalidStoredValue(sql: "-1", shown: "-1"),
            InvalidStoredValue(sql: "-9223372036854775808", shown: "-9223372036854775808"),
        ]
    }

    @Suite("FlakeID as an SQLite value")
    struct FlakeIDDatabaseValueTests {
        @Test("stored as an INTEGER holding the raw value", arguments: [Int64(0), 1, 2_968_523_523_440_640_007, .max])
        func storedAsInteger(rawValue: Int64) throws {
            let id = try #require(FlakeID(rawValue: rawValue))
            #expect(id.databaseValue.storage == .int64(rawValue))
            #expect(FlakeID.fromDatabaseValue(rawValue.databaseValue) == id)
            let queue = try DatabaseQueue()
            try queue.read { db throws in
                #expect(try String.fetchOne(db, sql: "SELECT typeof(?)", arguments: [id]) == "integer")
                #expect(try Int64.fetchOne(db, sql: "SELECT ?", arguments: [id]) == rawValue)
                #expect(try FlakeID.fetchOne(db, sql: "SELECT ?", arguments: [id]) == id)
            }
        }

        @Test("0, 1 and Int64.max round-trip through INTEGER PRIMARY KEY, the rowid")
        func boundaryValuesRoundTrip() throws {
            let ids = [FlakeID.min, try #require(FlakeID(rawValue: 1)), FlakeID.max]
            let queue = try DatabaseQueue()
            try queue.write { db in
                try Note.createTable(db)
                for id in ids.reversed() {
                    try Note(id: id, title: "note \(id)").insert(db)
                }
            }
            try queue.read { db in
                #expect(try FlakeID.fetchAll(db, sql: "SELECT id FROM note ORDER BY id") == ids)
                #expect(try Int64.fetchAll(db, sql: "SELECT rowid FROM note ORDER BY rowid") == ids.map(\.rawValue))
                #expect(try String.fetchSet(db, sql: "SELECT typeof(id) FROM note") == ["integer"])
                #expect(try Note.order(Column("id")).fetchAll(db).map(\.id) == ids)
                for id in ids {
                    #expect(try Note.find(db, id: id) == Note(id: id, title: "note \(id)"))
                    let row = try #require(
                        try Row.fetchOne(db, sql: "SELECT id FROM note WHERE id = ?", arguments: [id]))
                    #expect(try row.decode(FlakeID.self, forColumn: "id") == id)
                }
            }
        }

        @Test("fromDatabaseValue returns nil for values that are not identifiers", arguments: InvalidStoredValue.all)
        func fromDatabaseValueReturnsNil(value: InvalidStoredValue) throws {
            let queue = try DatabaseQueue()
            let dbValue = try queue.read { db in
                try #require(try Row.fetchOne(db, sql: "SELECT \(value.sql)")).decode(DatabaseValue.self, atIndex: 0)
            }
            #expect(dbValue.description == value.shown)
            #expect(FlakeID.fromDatabaseValue(dbValue) == nil)
        }

        @Test(
            "fetching a non-optional FlakeID throws, naming the value and the column", arguments: InvalidStoredValue.all
        )
        func fetchingThrows(value: InvalidStoredValue) throws {
            let queue = try DatabaseQueue()
            try queue.read { db in
                let sql = "SELECT \(value.sql) AS id"
                let fetchAllError = #expect(throws: RowDecodingError.self) {
                    try FlakeID.fetchAll(db, sql: sql)
                }
                expectMessage(of: fetchAllError, mentions: value)
                let cursorError = #expect(throws: RowDecodingError.self) {
                    try FlakeID.fetchCursor(db, sql: sql).next()
                }
                expectMessage(of: cursorError, mentions: value)
                // A row still backed by its statement decodes through StatementColumnConvertible.
                let rows = try Row.fetchCursor(db, sql: sql)
                let row = try #require(try rows.next())
                let statementRowError = #expect(throws: RowDecodingError.self) {
                    try row.decode(FlakeID.self, forColumn: "id")
                }
                expectMessage(of: statementRowError, mentions: value)
                // A copied row decodes through fromDatabaseValue.
                let copiedRow = try #require(try Row.fetchOne(db, sql: sql))
                let copiedRowError = #expect(throws: RowDecodingError.self) {
                    try copiedRow.decode(FlakeID.self, forColumn: "id")
                }
                expectMessage(of: copiedRowError, mentions: value)
            }
        }

        @Test("an optional FlakeID reads NULL as nil and still rejects the rest", arguments: InvalidStoredValue.all)
        func fetchingOptional(value: InvalidStoredValue) throws {
            let queue = try DatabaseQueue()
            try queue.read { db throws in
                let sql = "SELECT \(value.sql) AS id"
                if value.sql == "NULL" {
                    #expect(try FlakeID?.fetchAll(db, sql: sql) == [nil])
                    #expect(try FlakeID.fetchOne(db, sql: sql) == nil)
                } else {
                    #expect(throws: RowDecodingError.self) { try FlakeID?.fetchAll(db, sql: sql) }
                    #expect(throws: RowDecodingError.self) { try FlakeID.fetchOne(db, sql: sql) }
                }
            }
        }

        @Test(
            "a record with a stored value that is not an identifier fails to decode", arguments: InvalidStoredValue.all)
        func recordDecodingThrows(value: InvalidStoredValue) throws {
            let queue = try DatabaseQueue()
            try queue.write { db in
                // No declared type: the column keeps whatever it is given.
                try db.execute(sql: "CREATE TABLE note (id, title TEXT NOT NULL, body TEXT NOT NULL)")
                try db.execute(sql: "INSERT INTO note VALUES (\(value.sql), 'loose', '')")
            }
            try queue.read { db in
                let error = #expect(throws: RowDecodingError.self) { try Note.fetchAll(db) }
                expectMessage(of: error, mentions: value)
                #expect(throws: RowDecodingError.self) { try Note.fetchOne(db) }
                let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM note"))
                #expect(throws: RowDecodingError.self) { try Note(row: row) }
            }
        }

        @Test("a missing column throws for a FlakeID and reads as nil for an optional one")
        func missingColumn() throws {
            let queue = try DatabaseQueue()
            try queue.read { db in
                let row = try #require(try Row.fetchOne(db, sql: "SELECT 'untitled' AS title, '' AS body"))
                let error = #expect(throws: RowDecodingError.self) { try row.decode(FlakeID.self, forColumn: "id") }
                #expect(String(describing: error).contains("column not found: \"id\""), "\(String(describing: error))")
                #expect(try row.decode(FlakeID?.self, forColumn: "id") == nil)
                #expect(throws: RowDecodingError.self) { try Note(row: row) }
            }
        }

        @Test("a negative rowid in an INTEGER PRIMARY KEY table is rejected")
        func negativeRowid() throws {
            let queue = try DatabaseQueue()
            try queue.write { db in
                try Note.createTable(db)
                try db.execute(sql: "INSERT INTO note (id, title, body) VALUES (-5, 'forged', '')")
            }
            try queue.read { db in
                let error = #expect(throws: RowDecodingError.self) { try Note.fetchAll(db) }
                let message = String(describing: error)
                #expect(message.contains("could not decode FlakeID from database value -5"))
                #expect(message.contains(#"column: "id""#))
            }
        }

        private func expectMessage(
            of error: RowDecodingError?, mentions value: InvalidStoredValue,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let message = error.map { String(describing: $0) } ?? ""
            #expect(
                message.contains("could not decode FlakeID from database value \(value.shown)"), "\(message)",
                sourceLocation: sourceLocation)
            #expect(message.contains(#"column: "id""#), "\(message)", sourceLocation: sourceLocation)
        }
    }
#endif
