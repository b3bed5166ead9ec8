#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// `miniflake_backfill`: keys for the rows of an existing table, on a real server.
    @Suite(
        "PostgreSQL backfill", .serialized, .sharedResource(.postgresServer),
        .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresBackfillTests {
        static let fingerprint: PostgresQuery = """
            SELECT md5(string_agg(old_id || '/' || created_at || '/' || coalesce(id::text, '-'), ',' ORDER BY old_id))
                || ' ' || (SELECT count(*) FROM miniflake_leases WHERE claimed_at IS NOT NULL)
                || ' ' || (SELECT count(*) FROM miniflake_generators)
            FROM miniflake_backfill_notes
            """

        @Test("200,000 rows: refused whole while some predate the epoch; then unique, ordered IDs at each row's time")
        func twoHundredThousandRows() async throws {
            let layout = FlakeLayout.miniFlake
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                try await client.query("DROP TABLE IF EXISTS miniflake_backfill_notes")
                try await client.query(
                    """
                    CREATE TABLE miniflake_backfill_notes (
                        old_id integer PRIMARY KEY, created_at timestamptz, title text NOT NULL, id bigint)
                    """)
                // 6,000 notes in one millisecond (a few microseconds apart), 10 before the epoch,
                // the rest spread over seven years.
                try await client.query(
                    """
                    INSERT INTO miniflake_backfill_notes (old_id, created_at, title)
                    SELECT n, CASE
                        WHEN n < 6000 THEN timestamptz '2024-05-01T12:00:00.123Z' + (n % 7) * interval '1 microsecond'
                        WHEN n >= 199990 THEN timestamptz '2017-01-01T00:00:00Z' + n * interval '1 second'
                        ELSE timestamptz '2019-01-01T00:00:00Z' + ((n * 7919) % 200000) * interval '18 minutes 30.25 seconds'
                        END, 'note ' || n
                    FROM generate_series(0, 199999) AS n
                    """)
                // A live issuer holds a number while the backfill runs.
                let issuers = try PostgresInstanceLeaseBackend(
                    client: client, layout: layout, instanceNumbers: 1000...1023)
                let lease = try await issuers.claim()

                let before = try await Self.row(client, Self.fingerprint, as: String.self)
                let refused = await Self.refusal(
                    client, "SELECT miniflake_backfill('miniflake_backfill_notes', 'id', 'created_at', 'old_id')")
                #expect(refused?.hasPrefix("before_epoch: 10 of the 200000 rows of miniflake_backfill_notes") == true)
                let after = try await Self.row(client, Self.fingerprint, as: String.self)
                #expect(before == after, "the table, the leases and the reservations are unchanged")

                try await client.query("DELETE FROM miniflake_backfill_notes WHERE created_at < '2018-03-01T00:00:00Z'")
                let (instance, keyed, carried, highest) = try await Self.row(
                    client,
                    """
                    SELECT reserved_instance, keyed_rows, carried_rows, highest_id
                    FROM miniflake_backfill('miniflake_backfill_notes', 'id', 'created_at', 'old_id')
                    """, as: (Int, Int, Int, Int64).self)
                #expect(instance != lease.instanceNumber && keyed == 199_990 && carried == 6000 - 4096)

                // Both columns in one row, as two arrays: much faster to decode than 199,990 rows.
                let (milliseconds, rawIDs) = try await Self.row(
                    client,
                    """
                    SELECT array_agg(floor(extract(epoch FROM created_at) * 1000)::bigint ORDER BY created_at, old_id),
                        array_agg(id ORDER BY created_at, old_id)
                    FROM miniflake_backfill_notes
                    """, as: ([Int64], [Int64]).self)
                let ids = rawIDs.map { FlakeID(rawValue: $0) ?? .min }
                #expect(ids.count == 199_990 && Set(ids).count == 199_990)
                #expect(ids == ids.sorted(), "ORDER BY id is ORDER BY created_at, old_id")
                #expect(
                    ids
                        == (try BackfillExpectation.ids(
                            millisecondsSince1970: milliseconds, layout: layout, instance: instance)))
                let lags = zip(ids, milliseconds).map { layout.parts(of: $0).millisecondsSince1970 - $1 }
                #expect(lags.allSatisfy { $0 >= 0 } && lags.filter { $0 > 0 }.count == carried)
                #expect(ids.allSatisfy { layout.parts(of: $0).instanceNumber == instance })
                #expect(ids.last?.rawValue == highest)

                // Live issuers on other numbers never meet them: the leased one, and the database's.
                let maker = try FlakeMaker(instance: lease.instanceNumber)
                #expect(Set(try (0..<10_000).map { _ in try maker.nextBlocking() }).isDisjoint(with: ids))
                let other = try await Self.row(
                    client, "SELECT miniflake_reserve_instance('miniflake', \(instance == 0 ? 1 : 0)::integer)",
                    as: Int.self)
                var drawn: [FlakeID] = []
                for _ in 0..<50 {
                    let id = try await Self.row(
                        client, "SELECT miniflake_next_id('miniflake', \(other)::integer)", as: Int64.self)
                    drawn.append(FlakeID(rawValue: id) ?? .min)
                }
                #expect(other != instance && Set(drawn).isDisjoint(with: ids))
                try await client.query("SELECT miniflake_release_instance('miniflake', \(other)::integer)")
                try await issuers.release(lease, highWaterTick: nil)

                // The number's next holder starts above the backfill: a reservation, then a lease.
                #expect(
                    try await Self.row(
                        client, "SELECT miniflake_reserve_instance('miniflake', \(instance)::integer)", as: Int.self)
                        == instance)
                let next = try await Self.row(
                    client, "SELECT miniflake_next_id('miniflake', \(instance)::integer)", as: Int64.self)
                #expect(next > highest)
                try await client.query("SELECT miniflake_release_instance('miniflake', \(instance)::integer)")
                let same = try PostgresInstanceLeaseBackend(
                    client: client, layout: layout, instanceNumbers: instance...instance)
                let again = try await same.claim()
                #expect((again.highWaterTick ?? -1) >= layout.parts(of: FlakeID(rawValue: next) ?? .min).tick)
                try await same.release(again, highWaterTick: nil)

                // A number used after the first row is refused, so no ID can repeat.
                let reused = await Self.refusal(
                    client,
                    "SELECT miniflake_backfill('miniflake_backfill_notes', 'id', 'created_at', 'old_id', 'miniflake', \(instance)::integer)"
                )
                #expect(reused?.hasPrefix("instance_used:") == true, "\(reused ?? "accepted")")
                try await client.query("DROP TABLE miniflake_backfill_notes")
            }
        }

        @Test("NULL times, unknown columns and wrong types are refused with a code; an empty table is keyed at once")
        func refusals() async throws {
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                try await client.query("DROP TABLE IF EXISTS miniflake_backfill_small")
                try await client.query("CREATE TABLE miniflake_backfill_small (k text, made timestamp, id bigint)")
                let call = { (columns: String) in
                    await Self.refusal(
                        client,
                        PostgresQuery(unsafeSQL: "SELECT miniflake_backfill('miniflake_backfill_small', \(columns))"))
                }
                #expect(
                    try await Self.row(
                        client,
                        "SELECT keyed_rows FROM miniflake_backfill('miniflake_backfill_small', 'id', 'made', 'k')",
                        as: Int.self) == 0)
                try await client.query(
                    "INSERT INTO miniflake_backfill_small VALUES ('a', '2026-03-01 00:00:00', NULL), ('b', NULL, NULL)")
                #expect(await call("'id', 'made', 'k'")?.hasPrefix("null_created_at: 1 of the 2 rows") == true)
                #expect(await call("'nope', 'made', 'k'")?.hasPrefix("unknown_column:") == true)
                #expect(await call("'k', 'made', 'k'")?.hasPrefix("column_type:") == true)
                #expect(await call("'id', 'k', 'k'")?.hasPrefix("column_type:") == true)
                #expect(await call("'id', 'made', 'k', 'snowflake'")?.hasPrefix("unknown_layout:") == true)
                #expect(await call("'id', 'made', 'k', 'js53', 64")?.hasPrefix("null_created_at:") == true)
                try await client.query("DELETE FROM miniflake_backfill_small WHERE made IS NULL")
                #expect(await call("'id', 'made', 'k', 'js53', 64")?.hasPrefix("instance_out_of_range:") == true)
                try await client.query("DROP TABLE miniflake_backfill_small")
            }
        }

        /// The one row of a query.
        static func row<each Column: PostgresDecodable & Sendable>(
            _ client: PostgresClient, _ query: PostgresQuery, as type: (repeat each Column).Type
        ) async throws -> (repeat each Column) {
            for try await row in try await client.query(query).decode((repeat each Column).self) { return row }
            throw NoRow()
        }

        /// The server's message for a refused query, `nil` when it is accepted.
        static func refusal(_ client: PostgresClient, _ query: PostgresQuery) async -> String? {
            do {
                for try await _ in try await client.query(query) {}
                return nil
            } catch let error as PSQLError {
                return error.serverInfo?[.message] ?? "\(error)"
            } catch {
                return "\(error)"
            }
        }

        struct NoRow: Error {}
    }
#endif
