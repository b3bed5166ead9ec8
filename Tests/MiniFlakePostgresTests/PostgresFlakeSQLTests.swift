#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// `sql/miniflake.sql`: the same text as `PostgresFlakeSQL`, and its functions against the
    /// shared vectors on a real server.
    @Suite("PostgreSQL functions", .serialized, .sharedResource(.postgresServer))
    struct PostgresFlakeSQLTests {
        @Test("sql/miniflake.sql is PostgresFlakeSQL.script, byte for byte")
        func fileMatchesTheSwiftCopy() throws {
            let file = SharedVectors.fileURL.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("sql").appendingPathComponent("miniflake.sql")
            #expect(try String(contentsOf: file, encoding: .utf8) == PostgresFlakeSQL.script)
        }

        @Test(
            "decoding and miniflake_id_at agree with the shared vectors",
            .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
        func vectors() async throws {
            let vectors = try SharedVectors.load()
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                try await PostgresFlakeSQL.install(on: client)  // a second time changes nothing
                for layout in vectors.layouts {
                    let name = layout.name
                    for vector in layout.ids {
                        let id = try #require(Int64(vector.id))
                        let rows = try await client.query(
                            """
                            SELECT miniflake_milliseconds(\(id), \(name)), miniflake_sequence(\(id), \(name)),
                                miniflake_instance(\(id), \(name)),
                                miniflake_time(\(id), \(name)) = \(vector.time)::timestamptz
                            """)
                        for try await (milliseconds, sequence, instance, sameTime) in rows.decode(
                            (Int64, Int, Int, Bool).self)
                        {
                            #expect(milliseconds == vector.millisecondsSince1970, "\(name) \(vector.id)")
                            #expect(sequence == vector.sequence && instance == vector.instance, "\(name) \(vector.id)")
                            #expect(sameTime, "\(name) \(vector.id)")
                        }
                    }
                    for vector in layout.firstIDs {
                        let rows = try await client.query(
                            "SELECT miniflake_id_at(\(vector.time)::timestamptz, \(name))::text")
                        for try await id in rows.decode(String.self) {
                            #expect(id == vector.id, "\(name) \(vector.time)")
                        }
                    }
                    for vector in layout.refused {
                        let query: PostgresQuery =
                            vector.operation == "decode"
                            ? "SELECT miniflake_time(\(Int64(vector.input) ?? 0), \(name))"
                            : "SELECT miniflake_id_at(\(vector.input)::timestamptz, \(name))"
                        #expect(await Self.refusal(client, query) == vector.code, "\(name) \(vector.input)")
                    }
                }
                #expect(await Self.refusal(client, "SELECT miniflake_time(1, 'snowflake')") == "unknown_layout")
            }
        }

        @Test(
            "miniflake_to_uuid, miniflake_from_uuid and miniflake_uuid_layout agree with the shared vectors",
            .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
        func uuidVectors() async throws {
            let vectors = try SharedVectors.load()
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                for vector in vectors.uuids {
                    let id = try #require(Int64(vector.id))
                    let rows = try await client.query(
                        """
                        SELECT miniflake_to_uuid(\(id), \(vector.layout))::text,
                            miniflake_from_uuid(\(vector.uuid)::uuid), miniflake_uuid_layout(\(vector.uuid)::uuid)
                        """)
                    for try await (uuid, back, layout) in rows.decode((String, Int64, String).self) {
                        #expect(uuid == vector.uuid, "\(vector.layout) \(vector.id)")
                        #expect(back == id && layout == vector.layout, "\(vector.uuid)")
                    }
                }
                // PostgreSQL's uuid type compares the 16 bytes: the UUIDs of a layout sort as the IDs.
                let sorted = try await client.query(
                    """
                    SELECT bool_and(ordered) FROM (
                        SELECT (lag(u) OVER (ORDER BY id)) < u AS ordered
                        FROM (SELECT n::bigint * 7919 * 1000003 + (n % 4096) AS id FROM generate_series(0, 9999) AS n) AS ids,
                            LATERAL miniflake_to_uuid(id) AS u
                    ) AS pairs
                    """)
                for try await ordered in sorted.decode(Bool.self) {
                    #expect(ordered)
                }
                for vector in vectors.refusedUUIDs {
                    let code = await Self.refusal(client, "SELECT miniflake_from_uuid(\(vector.input)::uuid)")
                    // PostgreSQL refuses malformed text itself, as invalid input for type uuid.
                    let expected = vector.code == "malformed_uuid" ? "22P02" : vector.code
                    #expect(code?.hasPrefix(expected) == true, "\(vector.note) \(vector.input): \(code ?? "nil")")
                }
                for layout in vectors.layouts {
                    for vector in layout.refused where vector.operation == "decode" {
                        let query: PostgresQuery =
                            "SELECT miniflake_to_uuid(\(Int64(vector.input) ?? 0), \(layout.name))"
                        #expect(await Self.refusal(client, query) == vector.code, "\(layout.name) \(vector.input)")
                    }
                }
            }
        }

        @Test(
            "a month of IDs is an index scan on the primary key, and holds exactly that month's rows",
            .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
        func rangeUsesTheIndex() async throws {
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                do {
                    try await Self.checkRange(client)
                } catch {
                    Issue.record("\(String(reflecting: error))")
                }
            }
        }

        /// Fills a table, then checks the plan and the count of a month's range; postgres-nio's
        /// errors are recorded with their details (`String(reflecting:)`).
        static func checkRange(_ client: PostgresClient) async throws {
            try await PostgresFlakeSQL.install(on: client)
            try await client.query("DROP TABLE IF EXISTS miniflake_range_notes")
            try await client.query(
                "CREATE TABLE miniflake_range_notes (id BIGINT PRIMARY KEY, title TEXT NOT NULL)")
            // 200,000 notes, one every 30 minutes from 2020 to 2031: a month is under 1 %.
            try await client.query(
                """
                INSERT INTO miniflake_range_notes
                SELECT miniflake_id_at(timestamptz '2020-01-01T00:00:00Z' + n * interval '30 minutes')
                    | (n % 1024), 'note ' || n
                FROM generate_series(0, 199999) AS n
                """)
            try await client.query("ANALYZE miniflake_range_notes")
            let range = """
                FROM miniflake_range_notes WHERE id >= miniflake_id_at('2026-03-01T00:00:00Z')
                    AND id < miniflake_id_at('2026-04-01T00:00:00Z')
                """
            var plan: [String] = []
            for try await line in try await client.query(
                PostgresQuery(unsafeSQL: "EXPLAIN SELECT id, title " + range)
            )
            .decode(String.self) {
                plan.append(line)
            }
            let text = plan.joined(separator: "\n")
            #expect(
                text.contains("Index Scan using miniflake_range_notes_pkey")
                    || text.contains("Index Only Scan using miniflake_range_notes_pkey"), "\(text)")
            #expect(!text.contains("Seq Scan"), "\(text)")
            let counts = try await client.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT (SELECT count(*) \(range)), (SELECT count(*) FROM miniflake_range_notes
                            WHERE miniflake_time(id) >= '2026-03-01T00:00:00Z'
                                AND miniflake_time(id) < '2026-04-01T00:00:00Z')
                        """))
            for try await (inRange, inMarch) in counts.decode((Int, Int).self) {
                #expect(inRange == 31 * 48 && inRange == inMarch)
            }
            try await client.query("DROP TABLE miniflake_range_notes")
        }

        /// The code a query is refused with: the vectors' code at the start of the message,
        /// `invalid_time` for PostgreSQL's own refusal of a time, `nil` when it is accepted.
        static func refusal(_ client: PostgresClient, _ query: PostgresQuery) async -> String? {
            do {
                for try await _ in try await client.query(query) {}
                return nil
            } catch let error as PSQLError {
                let message = error.serverInfo?[.message] ?? "\(error)"
                let prefix = String(message.prefix { $0 != ":" })
                if prefix.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }),
                    prefix.contains("_") || prefix == "negative"
                {
                    return prefix
                }
                let state = error.serverInfo?[.sqlState] ?? ""
                return ["22007", "22008"].contains(state) ? "invalid_time" : "\(state) \(message)"
            } catch {
                return "\(error)"
            }
        }
    }
#endif
