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
    @Suite("PostgreSQL lease", .serialized, .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
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

        @Test("a holder whose renewals are blocked stops before anyone else can claim its number")
        func expiringHolderStopsFirst() async throws {
            let layout = try TestDatabase.freshLayout()
            try await TestDatabase.withClients { clients in
                let base = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(2), instanceNumbers: 0...0)
                let switchable = SwitchableBackend(base)
                let events = EventLog()
                let first = try await LeasedFlakeIssuer(
                    backend: switchable, configuration: .quick(onEvent: events.record))
                let running = Task { try await first.run() }

                // Issue on a thread of its own until the lease runs out; note when the last ID
                // was made and when the holder stopped.
                let issued = LockedValue<
                    (last: FlakeID?, lastAt: ContinuousClock.Instant?, stoppedAt: ContinuousClock.Instant?)
                >(
                    (nil, nil, nil))
                let done = AtomicWord<Bool>(false)
                let worker = Thread {
                    while true {
                        do throws(FlakeError) {
                            let id = try first.nextImmediately()
                            issued.withLock {
                                $0.last = id
                                $0.lastAt = .now
                            }
                        } catch  where error.code == .noInstance {
                            issued.withLock { $0.stoppedAt = .now }
                            break
                        } catch {
                            Issue.record("unexpected \(error)")
                            break
                        }
                    }
                    done.store(true, ordering: .releasing)
                }
                try await Task.sleep(for: .milliseconds(300))
                switchable.renewalsBlocked.store(true, ordering: .relaxed)
                worker.start()

                // A second holder keeps trying to claim the number.
                let other = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(2), instanceNumbers: 0...0)
                let start = ContinuousClock.now
                var second: LeasedFlakeIssuer?
                while second == nil, ContinuousClock.now - start < .seconds(10) {
                    do {
                        second = try await LeasedFlakeIssuer(backend: other, configuration: .quick())
                    } catch let error as LeaseBackendError where error == .noFreeInstance(capacity: 1) {
                        try await Task.sleep(for: .milliseconds(10))
                    }
                }
                let claimedAt = ContinuousClock.now
                let successor = try #require(second)
                while !done.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(5)) }

                let (last, lastAt, stoppedAt) = issued.withLock { ($0.last, $0.lastAt, $0.stoppedAt) }
                let stopped = try #require(stoppedAt)
                #expect(stopped < claimedAt)
                #expect(try #require(lastAt) < claimedAt)
                #expect(events.first { if case .renewalFailed = $0 { true } else { false } } != nil)
                // The successor starts above everything the first holder issued.
                let next = try successor.nextImmediately()
                #expect(next > (try #require(last)))
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
                    client: clients[0], layout: layout, leaseDuration: .seconds(3), instanceNumbers: 0...1)
                let events = EventLog()
                let issuer = try await LeasedFlakeIssuer(
                    backend: backend, configuration: .quick(onEvent: events.record))
                let number = try #require(issuer.currentInstanceNumber)
                let running = Task { try await issuer.run() }
                _ = try issuer.nextImmediately()
                try await clients[0].query(
                    "UPDATE miniflake_leases SET holder = 'intruder' WHERE layout = \(layout.name) AND instance_number = \(number)"
                )
                let start = ContinuousClock.now
                while issuer.currentInstanceNumber != 1 - number, ContinuousClock.now - start < .seconds(5) {
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(events.all.contains(.lost(instanceNumber: number)))
                #expect(issuer.currentInstanceNumber == 1 - number)
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
                let backend = try PostgresInstanceLeaseBackend(
                    client: clients[0], layout: layout, leaseDuration: .seconds(3), instanceNumbers: 0...0,
                    requestTimeout: .seconds(1))
                let events = EventLog()
                let issuer = try await LeasedFlakeIssuer(
                    backend: backend, configuration: .quick(onEvent: events.record))
                let running = Task { try await issuer.run() }
                var highest = try issuer.nextImmediately()
                try await Task.sleep(for: .milliseconds(1200))  // at least one renewal
                highest = max(highest, try issuer.nextImmediately())

                try TestDatabase.server("stop")
                let stoppedAt = ContinuousClock.now
                var lastIssuedAt = stoppedAt
                var failure: FlakeError?
                while failure == nil, ContinuousClock.now - stoppedAt < .seconds(10) {
                    do throws(FlakeError) {
                        highest = max(highest, try issuer.nextImmediately())
                        lastIssuedAt = .now
                    } catch {
                        failure = error
                    }
                    try await Task.sleep(for: .milliseconds(5))
                }
                let failedAt = ContinuousClock.now
                #expect(failure?.code == .noInstance)
                // It kept issuing for a while without the database, and stopped within the
                // lease less the margin (2.5 s) of the last renewal.
                #expect(lastIssuedAt - stoppedAt > .milliseconds(500))
                #expect(failedAt - stoppedAt < .seconds(3))
                // Failed closed: it stays stopped while the database is away.
                try await Task.sleep(for: .milliseconds(500))
                #expect(throws: FlakeError.self) { try issuer.nextImmediately() }

                try TestDatabase.server("start")
                let restartedAt = ContinuousClock.now
                var resumed: FlakeID?
                while resumed == nil, ContinuousClock.now - restartedAt < .seconds(30) {
                    resumed = try? issuer.nextImmediately()
                    if resumed == nil { try await Task.sleep(for: .milliseconds(50)) }
                }
                let first = try #require(resumed, "the issuer did not recover after PostgreSQL came back")
                #expect(first > highest)
                let record = try #require(try await backend.list().first)
                #expect(record.isHeld)
                #expect((record.highWaterTick ?? 0) >= layout.parts(of: first).tick)
                issuer.shutdown()
                try await running.value
            }
        }
    }

    /// Failures that need no server.
    @Suite("PostgreSQL lease without a server")
    struct PostgresLeaseOfflineTests {
        @Test("an unreachable server fails the claim within the request timeout")
        func unreachable() async throws {
            var configuration = try PostgresLeaseURL("postgres://nobody@127.0.0.1:1/none?sslmode=disable")
                .clientConfiguration
            configuration.options.connectTimeout = .milliseconds(500)
            let client = PostgresClient(configuration: configuration)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                let backend = try PostgresInstanceLeaseBackend(client: client, requestTimeout: .seconds(1))
                let start = ContinuousClock.now
                await #expect(throws: LeaseBackendError.self) { try await backend.claim() }
                #expect(ContinuousClock.now - start < .seconds(3))
            }
        }

        @Test("a request timeout longer than a third of the lease is refused; by default it fits the lease")
        func requestTimeoutFitsTheLease() throws {
            let client = PostgresClient(
                configuration: try PostgresLeaseURL("postgres://miniflake@127.0.0.1:1/none").clientConfiguration)
            let error = #expect(throws: LeaseBackendError.self) {
                try PostgresInstanceLeaseBackend(
                    client: client, leaseDuration: .seconds(3), requestTimeout: .seconds(5))
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.message.contains("at most a third of the lease") == true)
            let short = try PostgresInstanceLeaseBackend(client: client, leaseDuration: .seconds(2))
            #expect(short.requestTimeout == .seconds(2) / 3)
            let usual = try PostgresInstanceLeaseBackend(client: client)
            #expect(usual.requestTimeout == .seconds(5))
            _ = try PostgresInstanceLeaseBackend(
                client: client, leaseDuration: .seconds(3), requestTimeout: .seconds(1))
        }

        @Test("URLs are parsed like libpq's")
        func urls() throws {
            let full = try PostgresLeaseURL("postgresql://app:p%40ss@db.example.com:6543/ids?sslmode=require")
            #expect(full.host == "db.example.com")
            #expect(full.port == 6543)
            #expect(full.username == "app")
            #expect(full.password == "p@ss")
            #expect(full.database == "ids")
            #expect(full.sslMode == .require)
            #expect(full.description == "postgres://app:***@db.example.com:6543/ids")

            let short = try PostgresLeaseURL("postgres://miniflake@127.0.0.1/")
            #expect(short.port == 5432)
            #expect(short.database == "miniflake")
            #expect(short.password == nil)
            #expect(short.sslMode == .prefer)

            let socket = try PostgresLeaseURL("postgres://me@/db?host=/var/run/postgresql")
            #expect(socket.host == nil)
            #expect(socket.socketDirectory == "/var/run/postgresql")

            #expect(try PostgresLeaseURL("postgres://u@[::1]:5433/d").host == "::1")
            #expect(throws: LeaseBackendError.self) { try PostgresLeaseURL("mysql://u@h/d") }
            #expect(throws: LeaseBackendError.self) { try PostgresLeaseURL("postgres://u@h/d?sslmode=sometimes") }
            #expect(throws: LeaseBackendError.self) { try PostgresLeaseURL("postgres:///d") }
            for text in ["postgres://u:secret@h:99999/d", "postgres://u:secret@h:0/d"] {
                let error = #expect(throws: LeaseBackendError.self) { try PostgresLeaseURL(text) }
                #expect(error?.description.contains("outside 1...65535") == true)
                #expect(error?.description.contains("secret") == false)
            }
        }
    }
#endif
