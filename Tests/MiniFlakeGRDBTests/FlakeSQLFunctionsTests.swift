#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeTestSupport
    import Testing

    @Suite("SQLite functions")
    struct FlakeSQLFunctionsTests {
        /// A connection with the functions registered as the documentation says.
        static func queue() throws -> DatabaseQueue {
            var configuration = Configuration()
            configuration.prepareDatabase { db in db.addFlakeFunctions() }
            return try DatabaseQueue(configuration: configuration)
        }

        @Test("decoding and miniflake_id_at agree with the shared vectors")
        func vectors() throws {
            let vectors = try SharedVectors.load()
            try Self.queue().read { db throws in
                for layout in vectors.layouts {
                    for vector in layout.ids {
                        let id = try #require(Int64(vector.id))
                        let row = try #require(
                            try Row.fetchOne(
                                db,
                                sql: """
                                    SELECT miniflake_time(?1, ?2), miniflake_milliseconds(?1, ?2),
                                        miniflake_sequence(?1, ?2), miniflake_instance(?1, ?2)
                                    """, arguments: [id, layout.name]))
                        #expect(row[0] as String == vector.time, "\(layout.name) \(vector.id)")
                        #expect(row[1] as Int64 == vector.millisecondsSince1970)
                        #expect(row[2] as Int == vector.sequence && row[3] as Int == vector.instance)
                    }
                    for vector in layout.firstIDs {
                        let id = try Int64.fetchOne(
                            db, sql: "SELECT miniflake_id_at(?, ?)", arguments: [vector.time, layout.name])
                        #expect(id.map(String.init) == vector.id, "\(layout.name) \(vector.time)")
                        let fromMilliseconds = try Int64.fetchOne(
                            db, sql: "SELECT miniflake_id_at(?, ?)",
                            arguments: [vector.millisecondsSince1970, layout.name])
                        #expect(fromMilliseconds == id)
                    }
                    for vector in layout.refused {
                        let function = vector.operation == "decode" ? "miniflake_time" : "miniflake_id_at"
                        let argument: any DatabaseValueConvertible =
                            vector.operation == "decode" ? Int64(vector.input) ?? 0 : vector.input
                        #expect(
                            Self.refusal(db, "SELECT \(function)(?, ?)", [argument, layout.name]) == vector.code,
                            "\(layout.name) \(vector.input)")
                    }
                }
            }
        }

        @Test("miniflake_to_uuid, miniflake_from_uuid and miniflake_uuid_layout agree with the shared vectors")
        func uuidVectors() throws {
            let vectors = try SharedVectors.load()
            try Self.queue().read { db throws in
                for vector in vectors.uuids {
                    let id = try #require(Int64(vector.id))
                    let row = try #require(
                        try Row.fetchOne(
                            db,
                            sql: """
                                SELECT miniflake_to_uuid(?1, ?2), miniflake_from_uuid(?3), miniflake_uuid_layout(?3),
                                    miniflake_from_uuid(upper(?3))
                                """, arguments: [id, vector.layout, vector.uuid]))
                    #expect(row[0] as String == vector.uuid, "\(vector.layout) \(vector.id)")
                    #expect(row[1] as Int64 == id && row[3] as Int64 == id)
                    #expect(row[2] as String == vector.layout)
                }
                for vector in vectors.refusedUUIDs {
                    #expect(
                        Self.refusal(db, "SELECT miniflake_from_uuid(?)", [vector.input]) == vector.code,
                        "\(vector.note) \(vector.input)")
                }
                for layout in vectors.layouts {
                    for vector in layout.refused where vector.operation == "decode" {
                        #expect(
                            Self.refusal(db, "SELECT miniflake_to_uuid(?, ?)", [Int64(vector.input) ?? 0, layout.name])
                                == vector.code, "\(layout.name) \(vector.input)")
                    }
                }
                #expect(try String.fetchOne(db, sql: "SELECT miniflake_to_uuid(NULL)") == nil)
                #expect(try Int64.fetchOne(db, sql: "SELECT miniflake_from_uuid(NULL)") == nil)
                #expect(Self.refusal(db, "SELECT miniflake_from_uuid(12)", []) == "malformed_uuid")
                #expect(Self.refusal(db, "SELECT miniflake_to_uuid(1, 'snowflake')", []) == "unknown_layout")
            }
        }

        @Test("the layout defaults to MiniFlake's; NULL gives NULL; bad arguments are refused with a code")
        func argumentsAndErrors() throws {
            try Self.queue().read { db throws in
                #expect(
                    try Int64.fetchOne(db, sql: "SELECT miniflake_milliseconds(243162257817603079)")
                        == 1_577_836_800_000)
                #expect(try Int.fetchOne(db, sql: "SELECT miniflake_instance(243162257817603079)") == 7)
                #expect(try String.fetchOne(db, sql: "SELECT miniflake_time(NULL)") == nil)
                #expect(try Int64.fetchOne(db, sql: "SELECT miniflake_id_at(NULL, 'js53')") == nil)
                #expect(
                    try Int64.fetchOne(db, sql: "SELECT miniflake_id_at('2020-01-01')") == 57_974_400_000 << 22)
                #expect(Self.refusal(db, "SELECT miniflake_time(1, 'snowflake')", []) == "unknown_layout")
                #expect(Self.refusal(db, "SELECT miniflake_time('12')", []) == "not_an_id")
                #expect(Self.refusal(db, "SELECT miniflake_time(2.5)", []) == "not_an_id")
                #expect(Self.refusal(db, "SELECT miniflake_id_at(2.5)", []) == "invalid_time")
                #expect(Self.refusal(db, "SELECT miniflake_time()", []) == "wrong_argument_count")
                #expect(Self.refusal(db, "SELECT miniflake_time(1, 'miniflake', 3)", []) == "wrong_argument_count")
            }
        }

        @Test("a month of notes is a range on the INTEGER PRIMARY KEY, from SQL and from ids(from:to:)")
        func monthOfNotes() throws {
            let queue = try Self.queue()
            try queue.write { db throws in
                try db.create(table: "note") { table in
                    table.primaryKey("id", .integer)
                    table.column("title", .text).notNull()
                }
                let layout = FlakeLayout.miniFlake
                let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z
                for hour in 0..<(24 * 181) {  // one note an hour for the first half of 2026
                    let id = try layout.compose(
                        millisecondsSince1970: start + Int64(hour) * 3_600_000, sequence: hour % 4096, instanceNumber: 1
                    )
                    try db.execute(sql: "INSERT INTO note (id, title) VALUES (?, ?)", arguments: [id, "note \(hour)"])
                }
                let sql =
                    "SELECT count(*) FROM note WHERE id >= miniflake_id_at('2026-03-01') AND id < miniflake_id_at('2026-04-01')"
                #expect(try Int.fetchOne(db, sql: sql) == 31 * 24)
                let plan = try Row.fetchAll(
                    db, sql: "EXPLAIN QUERY PLAN " + sql.replacingOccurrences(of: "count(*)", with: "title")
                ).map { $0["detail"] as String? ?? "" }
                #expect(plan.contains { $0.contains("USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)") }, "\(plan)")

                let march = try layout.ids(
                    from: Date(timeIntervalSince1970: 1_772_323_200), to: Date(timeIntervalSince1970: 1_775_001_600))
                let request = Table("note").filter(march.contains(Column("id")))
                #expect(try request.fetchCount(db) == 31 * 24)
            }
        }

        /// The code at the start of the error a statement fails with, or `nil` when it succeeds.
        static func refusal(_ db: Database, _ sql: String, _ arguments: [any DatabaseValueConvertible]) -> String? {
            do {
                _ = try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments.map { $0.databaseValue }))
                return nil
            } catch let error as DatabaseError {
                return String((error.message ?? "").prefix { $0 != ":" })
            } catch {
                return "\(error)"
            }
        }
    }
#endif
