#if Postgres
    import MiniFlakeLease
    import MiniFlakePostgres
    import PostgresNIO
    import Testing

    /// Failures that need no server.
    @Suite("PostgreSQL lease without a server")
    struct PostgresLeaseOfflineTests {
        @Test("an unreachable server fails the claim at the request timeout", .timeLimit(.minutes(1)))
        func unreachable() async throws {
            var configuration = try PostgresLeaseURL("postgres://nobody@127.0.0.1:1/none?sslmode=disable")
                .clientConfiguration
            configuration.options.connectTimeout = .milliseconds(500)
            let client = PostgresClient(configuration: configuration)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                let backend = try PostgresInstanceLeaseBackend(client: client, requestTimeout: .seconds(1))
                // The client keeps trying to connect; the request is given up at its limit.
                let error = await #expect(throws: LeaseBackendError.self) { try await backend.claim() }
                #expect(error == .timedOut(operation: "creating the miniflake_leases table", after: .seconds(1)))
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

        @Test(
            "a lead that runs past the lease's end by more than miniflake_reserve_instance waits is refused before any request"
        )
        func leadWithinTheReservationWait() async throws {
            let client = PostgresClient(
                configuration: try PostgresLeaseURL("postgres://miniflake@127.0.0.1:1/none").clientConfiguration)
            let backend = try PostgresInstanceLeaseBackend(client: client)
            let error = await #expect(throws: LeaseBackendError.self) {
                try await LeasedFlakeIssuer(
                    backend: backend, maximumLead: .seconds(2), configuration: .init(safetyMargin: .zero))
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.message.contains("miniflake_reserve_instance") == true)
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
