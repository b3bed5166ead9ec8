#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// `miniflake_next_id`, the generator for backfills and triggers, on a real server: its
    /// instance numbers come from the lease table, it never repeats an ID, and connections
    /// share it safely.
    @Suite(
        "PostgreSQL generator", .serialized, .sharedResource(.postgresServer),
        .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresFlakeGeneratorTests {
        @Test("8 connections drawing at once get 4,000 distinct IDs, each connection's increasing")
        func concurrentConnections() async throws {
            let layout = FlakeLayout.javaScriptSafe
            try await TestDatabase.withClients(1, maximumConnections: 8) { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                #expect(try await Self.reserve(client, layout: "js53", number: 7) == 7)
                let batches = try await withThrowingTaskGroup(of: [Int64].self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            var ids: [Int64] = []
                            for _ in 0..<500 {
                                for try await id in try await client.query("SELECT miniflake_next_id('js53', 7)")
                                    .decode(Int64.self)
                                {
                                    ids.append(id)
                                }
                            }
                            return ids
                        }
                    }
                    return try await group.reduce(into: [[Int64]]()) { $0.append($1) }
                }
                try await client.query("SELECT miniflake_release_instance('js53', 7)")
                let all = batches.flatMap { $0 }
                #expect(all.count == 4000 && Set(all).count == 4000)
                #expect(batches.allSatisfy { $0 == $0.sorted() })
                #expect(all.allSatisfy { $0 > 0 && $0 < 1 << 53 })
                #expect(all.allSatisfy { layout.parts(of: FlakeID(rawValue: $0) ?? .min).instanceNumber == 7 })
            }
        }

        @Test("with its mark an hour ahead of the clock, as after a clock set back, it goes on above the mark")
        func clockSetBack() async throws {
            let layout = FlakeLayout.twitter
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                let number = try await Self.reserve(client, layout: "twitter", number: 3)
                let first = try await Self.nextID(client, layout: "twitter")
                let ahead = try layout.compose(
                    millisecondsSince1970: layout.parts(of: first).millisecondsSince1970 + 3_600_000, sequence: 4095,
                    instanceNumber: number)
                try await client.query(
                    """
                    SELECT setval(mark, \(ahead.rawValue)) FROM miniflake_generators
                    WHERE layout = 'twitter' AND instance_number = \(number)
                    """)
                let after = try await Self.nextID(client, layout: "twitter")
                #expect(after > ahead)
                #expect(layout.parts(of: after).tick == layout.parts(of: ahead).tick + 1)
                #expect(layout.parts(of: after).sequence == 0 && layout.parts(of: after).instanceNumber == number)
                let next = try await Self.nextID(client, layout: "twitter")
                #expect(next > after)

                // Released, the number carries its high-water mark; reserved again, it starts above it.
                try await client.query("SELECT miniflake_release_instance('twitter', \(number)::integer)")
                #expect(try await Self.reserve(client, layout: "twitter", number: number) == number)
                let again = try await Self.nextID(client, layout: "twitter")
                #expect(layout.parts(of: again).tick > layout.parts(of: next).tick)
                try await client.query("SELECT miniflake_release_instance('twitter', \(number)::integer)")

                // An issuer that leases the number afterwards is told the mark too.
                let backend = try PostgresInstanceLeaseBackend(
                    client: client, layout: layout, instanceNumbers: number...number)
                let lease = try await backend.claim()
                #expect(lease.instanceNumber == number)
                #expect((lease.highWaterTick ?? 0) >= layout.parts(of: again).tick)
                try await backend.release(lease, highWaterTick: nil)
            }
        }

        @Test("a number an issuer leases is not reserved, and a reserved number is not leased")
        func leasesAndReservationsExclude() async throws {
            try await TestDatabase.withClients { clients in
                let client = clients[0]
                try await PostgresFlakeSQL.install(on: client)
                let leased = try PostgresInstanceLeaseBackend(
                    client: client, layout: .sonyflake, instanceNumbers: 5...5)
                let lease = try await leased.claim()
                await #expect(throws: (any Error).self) {
                    try await Self.reserve(client, layout: "sonyflake", number: 5)
                }

                #expect(try await Self.reserve(client, layout: "sonyflake", number: 6) == 6)
                let reservedRange = try PostgresInstanceLeaseBackend(
                    client: client, layout: .sonyflake, instanceNumbers: 6...6)
                await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 1)) { try await reservedRange.claim() }
                let records = try await reservedRange.list()
                #expect(records.contains { $0.instanceNumber == 6 && $0.isHeld && $0.holder == "postgres:miniflake" })

                let id = try await Self.nextID(client, layout: "sonyflake")
                #expect(FlakeLayout.sonyflake.parts(of: id).instanceNumber == 6)
                try await client.query("SELECT miniflake_release_instance('sonyflake', 6)")
                try await leased.release(lease, highWaterTick: nil)
                let claimed = try await reservedRange.claim()
                #expect(claimed.instanceNumber == 6)
                try await reservedRange.release(claimed, highWaterTick: nil)
                await #expect(throws: (any Error).self) { try await Self.nextID(client, layout: "sonyflake") }
            }
        }

        static func reserve(_ client: PostgresClient, layout: String, number: Int) async throws -> Int {
            for try await reserved in try await client.query(
                "SELECT miniflake_reserve_instance(\(layout), \(number)::integer)"
            ).decode(Int.self) {
                return reserved
            }
            throw NoRow()
        }

        static func nextID(_ client: PostgresClient, layout: String) async throws -> FlakeID {
            for try await raw in try await client.query("SELECT miniflake_next_id(\(layout))").decode(Int64.self) {
                if let id = FlakeID(rawValue: raw) { return id }
            }
            throw NoRow()
        }

        struct NoRow: Error {}
    }
#endif
