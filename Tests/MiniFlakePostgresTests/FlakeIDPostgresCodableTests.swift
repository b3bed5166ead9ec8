#if Postgres
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// `FlakeID` read and written through postgres-nio alone, against a real server.
    @Suite(
        "FlakeID in PostgreSQL", .sharedResource(.postgresServer),
        .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct FlakeIDPostgresCodableTests {
        /// Reads the one value `expression` selects as `Value`.
        private static func select<Value: PostgresDecodable & Sendable>(
            _ expression: String, as type: Value.Type, on client: PostgresClient
        ) async throws -> Value? {
            let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT \(expression)"))
            return try await rows.decode(Value.self).first { _ in true }
        }

        @Test("smallint, integer and bigint from 0 to Int64.max read as identifiers; bound as int8 they round-trip")
        func goodValues() async throws {
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                for expression in ["42::int2", "42::int4", "42::int8"] {
                    #expect(try await Self.select(expression, as: FlakeID.self, on: client)?.rawValue == 42)
                }
                #expect(try await Self.select("9223372036854775807::int8", as: FlakeID.self, on: client) == .max)
                #expect(try await Self.select("0::int8", as: FlakeID.self, on: client)?.rawValue == 0)
                #expect(try await Self.select("NULL::int8", as: FlakeID?.self, on: client) == .some(nil))
                let id = try #require(FlakeID(rawValue: 1_234_567_890_123))
                let rows = try await client.query("SELECT \(id), pg_typeof(\(id))::text")
                let (back, type) = try #require(try await rows.decode((FlakeID, String).self).first { _ in true })
                #expect(back == id && type == "bigint")
            }
        }

        @Test("negative numbers, text, numeric, real, JSON and NULL do not read as a FlakeID")
        func badValues() async throws {
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                let bad = [
                    "-1::int8", "-1::int4", "-1::int2", "'42'::text", "42::numeric", "42::float8", "'42'::jsonb",
                    "NULL::int8",
                ]
                for expression in bad {
                    await #expect(throws: (any Error).self, "\(expression)") {
                        try await Self.select(expression, as: FlakeID.self, on: client)
                    }
                }
            }
        }
    }
#endif
