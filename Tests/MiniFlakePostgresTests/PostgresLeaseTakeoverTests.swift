#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// Which claims of the PostgreSQL lease are takeovers, on a server never failed over
    /// (timeline 1); `PostgresFailoverTests` promotes a replica.
    @Suite(
        "PostgreSQL lease takeovers", .serialized, .sharedResource(.postgresServer),
        .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresLeaseTakeoverTests {
        /// Ends the lease on `number` as a crash would: its expiry moved to now, no release.
        static func expire(_ number: Int, of layout: FlakeLayout, on client: PostgresClient) async throws {
            try await client.query(
                "UPDATE miniflake_leases SET expires_at = now() WHERE layout = \(layout.name) AND instance_number = \(number)"
            )
        }

        @Test("a number never held or released cleanly is no takeover; one whose lease ran out is")
        func cleanAndUnclean() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 3...3)
                let first = try await backend.claim()
                #expect(!first.isTakeover)
                try await backend.release(first, highWaterTick: 10)
                let second = try await backend.claim()
                #expect(!second.isTakeover)
                try await Self.expire(3, of: layout, on: clients[0])
                let third = try await backend.claim()
                #expect(third.isTakeover)
                #expect(third.highWaterTick == 10)
                // A release by a holder the number was taken from changes nothing.
                try await backend.release(second, highWaterTick: 5)
                try await Self.expire(3, of: layout, on: clients[0])
                #expect(try await backend.claim().isTakeover)
            }
        }

        @Test("a claim prefers a number handed back cleanly over one whose lease ran out")
        func prefersClean() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 1...2)
                let one = try await backend.claim()
                let two = try await backend.claim()
                try await backend.release(two, highWaterTick: nil)
                try await Self.expire(one.instanceNumber, of: layout, on: clients[0])
                for _ in 0..<5 {
                    let lease = try await backend.claim()
                    #expect(lease.instanceNumber == two.instanceNumber)
                    #expect(!lease.isTakeover)
                    try await backend.release(lease, highWaterTick: nil)
                }
            }
        }

        @Test("declared synchronously replicated, no claim is a takeover")
        func synchronouslyReplicated() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 4...4, synchronouslyReplicated: true)
                _ = try await backend.claim()
                try await Self.expire(4, of: layout, on: clients[0])
                #expect(!(try await backend.claim().isTakeover))
            }
        }

        @Test("a row from before released_on_timeline existed is a takeover once, then clean after its release")
        func rowsFromBeforeTheColumn() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 6...6)
                try await backend.release(try await backend.claim(), highWaterTick: nil)
                try await clients[0].query(
                    "UPDATE miniflake_leases SET released_on_timeline = NULL WHERE layout = \(layout.name)")
                let taken = try await backend.claim()
                #expect(taken.isTakeover)
                try await backend.release(taken, highWaterTick: nil)
                #expect(!(try await backend.claim().isTakeover))
            }
        }

        @Test("miniflake_reserve_instance takes a number handed back cleanly before one whose lease ran out")
        func reservePrefersClean() async throws {
            // The discord layout, which no other PostgreSQL test leases: reserve_instance knows
            // the preset layouts only, and takes the highest number it may.
            let layout = FlakeLayout.discord
            try await TestDatabase.withClients { clients in
                try await PostgresFlakeSQL.install(on: clients[0])
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 1023...1023)
                _ = try await backend.claim()
                try await Self.expire(1023, of: layout, on: clients[0])
                var reserved: [Int] = []
                for try await number in try await clients[0].query(
                    "SELECT miniflake_reserve_instance(\(layout.name))"
                ).decode(Int.self) {
                    reserved.append(number)
                }
                #expect(reserved == [1022])
                try await clients[0].query("SELECT miniflake_release_instance(\(layout.name), 1022)")
            }
        }

        @Test(
            "miniflake_backfill refuses a number that was not handed back cleanly: its record of use may be rolled back"
        )
        func backfillRefusesUnclean() async throws {
            let layout = FlakeLayout.discord
            try await TestDatabase.withClients { clients in
                try await PostgresFlakeSQL.install(on: clients[0])
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 1021...1021)
                _ = try await backend.claim()
                try await Self.expire(1021, of: layout, on: clients[0])
                let table = "backfill_\(UUID().uuidString.prefix(8).lowercased())"
                try await clients[0].query(
                    PostgresQuery(
                        unsafeSQL: """
                            CREATE TABLE \(table) (id BIGINT, created_at TIMESTAMPTZ NOT NULL, k INTEGER);
                            """))
                try await clients[0].query(
                    PostgresQuery(unsafeSQL: "INSERT INTO \(table) VALUES (NULL, now() + interval '1 hour', 1)"))
                await #expect {
                    // The function's error arrives with its rows, after their description.
                    let rows = try await clients[0].query(
                        PostgresQuery(
                            unsafeSQL:
                                "SELECT * FROM miniflake_backfill('\(table)', 'id', 'created_at', 'k', 'discord', 1021)"
                        ))
                    for try await _ in rows {}
                } throws: { error in
                    String(reflecting: error).contains("instance_used")
                }
                try await clients[0].query(PostgresQuery(unsafeSQL: "DROP TABLE \(table)"))
            }
        }
    }
#endif
