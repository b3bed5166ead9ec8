#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    @Test(
        "a PostgreSQL server is given on CI (MINIFLAKE_TEST_POSTGRES_URL)",
        .enabled(if: TestDatabase.url == nil && TestDatabase.isCI))
    func postgresRequiredOnCI() {
        Issue.record(
            """
            CI=true but MINIFLAKE_TEST_POSTGRES_URL is not set: the PostgreSQL lease tests did not run. \
            Run the tests under scripts/with-postgres.sh, e.g. scripts/with-postgres.sh swift test --enable-all-traits
            """)
    }

    /// The PostgreSQL lease against a real server.
    @Suite(
        "PostgreSQL lease", .serialized, .sharedResource(.postgresServer),
        .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresInstanceLeaseBackendTests {
        @Test("64 concurrent claimers get 64 distinct numbers")
        func concurrentClaimers() async throws {
            let layout = try TestDatabase.freshLayout()
            let numbers = try await TestDatabase.withClients(2, maximumConnections: 32) { clients in
                let backends = try clients.map { try PostgresInstanceLeaseBackend(client: $0, layout: layout) }
                try await backends[0].migrate()
                return try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<64 {
                        let backend = backends[index % 2]
                        group.addTask { try await backend.claim().instanceNumber }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            #expect(numbers.count == 64)
            #expect(Set(numbers).count == 64)
            #expect(numbers.allSatisfy { (0...1023).contains($0) })
        }

        @Test("with all 1,024 numbers held, the 1,025th claim fails with noFreeInstance(capacity: 1024)")
        func capacity() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(client: clients[0], layout: layout)
                let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<1024 { group.addTask { try await backend.claim().instanceNumber } }
                    return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
                }
                #expect(numbers == Set(0..<1024))
                await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 1024)) { try await backend.claim() }
                let records = try await backend.list()
                #expect(records.count == 1024)
                #expect(records.allSatisfy { $0.isHeld })
                #expect(
                    LeaseBackendError.noFreeInstance(capacity: 1024).description
                        == "all 1024 instance numbers are leased by live holders")
            }
        }

        @Test(
            "a holder whose renewals are blocked stops at its local deadline while the database still holds its number; the next holder starts above it"
        )
        func expiringHolderStopsFirst() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                // A 300 s lease: renewals every 100 s, a 50 s margin, so the local deadline is
                // 250 s after the claim by the holder's clock. The holder's wall clock runs an
                // hour ahead of the next holder's, which can start above its IDs only through
                // the high-water mark stored in the database.
                let base = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(300), instanceNumbers: 0...0)
                let switchable = SwitchableBackend(base)
                let events = EventLog()
                let time = ManualFlakeClock(
                    millisecondsSince1970: FlakeClock.system.millisecondsSince1970() + 3_600_000)
                let first = try await LeasedFlakeIssuer(
                    backend: switchable, clock: time.flakeClock, configuration: .init(onEvent: events.record))
                let running = Task { try await first.run() }
                await time.waitForSleepers()
                switchable.renewalsBlocked.store(true, ordering: .relaxed)

                // Renewals fail from 100 s on; IDs flow up to the last millisecond before 250 s.
                await time.advance(byMilliseconds: 249_999, step: 1_000)
                let last = try first.nextImmediately()
                #expect(events.contains { if case .renewalFailed = $0 { true } else { false } })
                await time.advance(byMilliseconds: 1)
                #expect(Self.code { try first.nextImmediately() } == .noInstance)
                #expect(first.currentInstanceNumber == nil)

                // Stopped while the database still holds the number: nobody can claim it yet.
                // (The successor's claim is a takeover of a lease that ran out; declared
                // synchronously replicated, it does not wait: PostgresLeaseTakeoverTests and
                // PostgresFailoverTests cover the wait. The mark alone keeps it above here.)
                let other = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(300), instanceNumbers: 0...0,
                    synchronouslyReplicated: true)
                await #expect(throws: LeaseBackendError.noFreeInstance(capacity: 1)) { try await other.claim() }
                let record = try #require(try await base.list().first)
                #expect(record.isHeld)
                #expect(try #require(record.highWaterTick) > layout.parts(of: last).tick)

                // The lease runs out in the database (its expiry moved to now()); the successor
                // claims the number and starts above everything the first holder issued.
                try await clients[0].query(
                    "UPDATE miniflake_leases SET expires_at = now() WHERE layout = \(layout.name) AND instance_number = 0"
                )
                let successor = try await LeasedFlakeIssuer(backend: other)
                let next = try successor.nextImmediately()
                #expect(next > last)
                #expect(layout.parts(of: next).instanceNumber == 0)

                await successor.release()
                first.shutdown()
                try await running.value
            }
        }

        @Test("a renewal that finds the lease taken stops the issuer at once; it claims another number")
        func renewalFindsLeaseGone() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(300), instanceNumbers: 0...1)
                let events = EventLog()
                let time = ManualFlakeClock(millisecondsSince1970: FlakeClock.system.millisecondsSince1970())
                let issuer = try await LeasedFlakeIssuer(
                    backend: backend, clock: time.flakeClock, configuration: .init(onEvent: events.record))
                let number = try #require(issuer.currentInstanceNumber)
                let running = Task { try await issuer.run() }
                await time.waitForSleepers()
                _ = try issuer.nextImmediately()
                try await clients[0].query(
                    "UPDATE miniflake_leases SET holder = 'intruder' WHERE layout = \(layout.name) AND instance_number = \(number)"
                )
                // It issues on until its renewal, due 100 s after the claim, finds the lease gone.
                await time.advance(byMilliseconds: 99_000, step: 1_000)
                #expect(issuer.currentInstanceNumber == number)
                #expect(!events.contains { $0 == .lost(instanceNumber: number) })
                await time.advance(byMilliseconds: 1_000)
                #expect(events.all.contains(.lost(instanceNumber: number)))
                #expect(await poll { issuer.currentInstanceNumber == 1 - number })
                #expect(layout.parts(of: try issuer.nextImmediately()).instanceNumber == 1 - number)
                issuer.shutdown()
                try await running.value
            }
        }

        @Test("shutdown frees the number at once and stores the last tick issued")
        func releaseStoresMark() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, instanceNumbers: 5...5)
                let issuer = try await LeasedFlakeIssuer(backend: backend)
                let running = Task { try await issuer.run() }
                let reserved = try #require(try await backend.list().first?.highWaterTick)
                let last = try #require(try issuer.nextImmediately(count: 1000).last)
                #expect(reserved > layout.parts(of: last).tick)
                issuer.shutdown()
                try await running.value
                let record = try #require(try await backend.list().first)
                #expect(!record.isHeld)
                #expect(record.highWaterTick == layout.parts(of: last).tick)
                let next = try await LeasedFlakeIssuer(backend: backend)
                #expect(try next.nextImmediately() > last)
                await next.release()
            }
        }

        @Test("migrate() can run from many processes at once and again")
        func migrateConcurrently() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients(2) { clients in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<8 {
                        let backend = try PostgresInstanceLeaseBackend(client: clients[index % 2], layout: layout)
                        group.addTask { try await backend.migrate() }
                    }
                    try await group.waitForAll()
                }
            }
        }

        @Test(
            "PostgreSQL stopped mid-run: IDs flow until the local deadline, then stop; they resume above all earlier IDs when it returns"
        )
        func serverStopsAndReturns() async throws {
            try #require(TestDatabase.control != nil, "MINIFLAKE_TEST_POSTGRES_CTL is needed to stop the server")
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                // A 300 s lease renewed every 100 s, a 50 s margin, a retry every 50 s: a few
                // requests to the stopped server, each given up after the 2 s request timeout.
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(300), instanceNumbers: 0...0,
                    requestTimeout: .seconds(2))
                let events = EventLog()
                let time = ManualFlakeClock(millisecondsSince1970: FlakeClock.system.millisecondsSince1970())
                let issuer = try await LeasedFlakeIssuer(
                    backend: backend, clock: time.flakeClock,
                    configuration: .init(retryInterval: .seconds(50), onEvent: events.record))
                let running = Task { try await issuer.run() }
                await time.waitForSleepers()
                var highest = try issuer.nextImmediately()
                await time.advance(byMilliseconds: 100_000, step: 1_000)  // one renewal
                #expect(events.contains { if case .renewed = $0 { true } else { false } })
                highest = max(highest, try issuer.nextImmediately())

                // The last renewal was sent at 100 s: the local deadline is 350 s.
                try await TestDatabase.server("stop")
                await time.advance(byMilliseconds: 249_999, step: 1_000)
                highest = max(highest, try issuer.nextImmediately())  // 250 s without the database
                let failures = events.all.compactMap { event -> LeaseBackendError? in
                    if case .renewalFailed(_, let error) = event { error } else { nil }
                }
                #expect(failures.count >= 3)
                // Each failed request ended by itself: refused, or given up at the request timeout.
                for failure in failures {
                    #expect(
                        failure.code == .unavailable
                            || failure == .timedOut(operation: "renewing instance number 0", after: .seconds(2)),
                        "\(failure)")
                }
                await time.advance(byMilliseconds: 1)
                #expect(Self.code { try issuer.nextImmediately() } == .noInstance)
                // Failed closed: it stays stopped while the database is away (the wall clock
                // has passed the reservation too by now).
                await time.advance(byMilliseconds: 100_000, step: 1_000)
                let stillStopped = Self.code { try issuer.nextImmediately() }
                #expect(stillStopped == .noInstance || stillStopped == .reservationPending)
                #expect(issuer.currentInstanceNumber == nil)
                #expect(events.all.contains(.expired(instanceNumber: 0)))

                // The server comes back: the renewal retried every 50 s gets through (how soon
                // the client reconnects is real time), and IDs resume above every earlier one.
                try await TestDatabase.server("start")
                var resumed: FlakeID?
                let recovered = await poll(upTo: .seconds(120), every: .milliseconds(50)) {
                    resumed = try? issuer.nextImmediately()
                    if resumed == nil { await time.advance(byMilliseconds: 50_000, step: 50_000) }
                    return resumed != nil
                }
                #expect(recovered, "the issuer did not recover after PostgreSQL came back")
                let first = try #require(resumed)
                #expect(first > highest)
                let record = try #require(try await backend.list().first)
                #expect(record.isHeld)
                #expect((record.highWaterTick ?? 0) >= layout.parts(of: first).tick)
                issuer.shutdown()
                try await running.value
            }
        }

        /// The code of the `FlakeError` `body` throws; `nil` when it throws none or another error.
        static func code(_ body: () throws -> FlakeID) -> FlakeError.Code? {
            do {
                _ = try body()
                return nil
            } catch {
                return (error as? FlakeError)?.code
            }
        }
    }
#endif
