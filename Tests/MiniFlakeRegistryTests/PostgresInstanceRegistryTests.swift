#if Postgres
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeRegistry
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// What only the PostgreSQL registry does: its table's guards and a URL it cannot use.
    @Suite("PostgreSQL instance registry")
    struct PostgresInstanceRegistryTests {
        @Test(
            "the table refuses a second live row with one number and bad values",
            .sharedResource(.postgresServer), .enabled(if: PostgresTestEnvironment.url != nil))
        func tableGuards() async throws {
            let url = try #require(PostgresTestEnvironment.url)
            try await PostgresInstanceRegistry.withRegistry(url: url) { registry in
                let account = try Fixture.account()
                _ = try await registry.register(
                    account: account, installation: Fixture.installation(1), provisionalInstance: 9)
                try await registry.prepare()  // a second preparation changes nothing
                func insert(_ installation: String, _ instance: Int, retired: Int64?, id: Int64?) async throws {
                    try await registry.client.query(
                        """
                        INSERT INTO miniflake_installation VALUES
                            (\(account.text), \(installation), \(instance), 0, 0, \(retired), \(id))
                        """)
                }
                await #expect(throws: PSQLError.self) { try await insert("other", 9, retired: nil, id: nil) }
                try await insert("retired", 9, retired: 5, id: nil)
                await #expect(throws: PSQLError.self) { try await insert("negative", -1, retired: nil, id: nil) }
                await #expect(throws: PSQLError.self) { try await insert("id", 3, retired: nil, id: -7) }
                #expect(try await registry.liveInstances(of: account) == [9])
                try await insert("", 4, retired: nil, id: nil)
                let code = await Fixture.failure { try await registry.installations(of: account) }
                #expect(code == .storageFailed)
            }
        }

        @Test("a server that does not answer is storage_failed within the request timeout")
        func unreachable() async throws {
            // Port 9 (discard) on the loopback: nothing listens, so connecting fails at once.
            var configuration = try PostgresLeaseURL("postgres://miniflake@127.0.0.1:9/miniflake?sslmode=disable")
                .clientConfiguration
            configuration.options.connectTimeout = .milliseconds(200)
            let client = PostgresClient(configuration: configuration)
            let registry = PostgresInstanceRegistry(client: client, requestTimeout: .milliseconds(500))
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                let code = await Fixture.failure {
                    try await registry.register(
                        account: Fixture.account(), installation: Fixture.installation(1), provisionalInstance: nil)
                }
                #expect(code == .storageFailed)
            }
        }
    }
#endif
