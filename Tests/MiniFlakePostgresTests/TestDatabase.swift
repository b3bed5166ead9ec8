#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// The PostgreSQL server the tests run against, from `scripts/with-postgres.sh`.
    enum TestDatabase {
        /// `MINIFLAKE_TEST_POSTGRES_URL`, or `nil` when no server was given.
        static let url = PostgresTestEnvironment.url
        /// `MINIFLAKE_TEST_POSTGRES_CTL`: a command taking `stop` or `start`.
        static let control = PostgresTestEnvironment.control
        /// Whether this is a CI run, where skipping the PostgreSQL tests is a failure.
        static let isCI = PostgresTestEnvironment.isCI

        static let missing: Comment =
            "MINIFLAKE_TEST_POSTGRES_URL is not set, so the PostgreSQL lease tests are skipped; run them with scripts/with-postgres.sh swift test --traits Postgres"

        /// A layout of its own for each test, so tests sharing the table never see each
        /// other's rows.
        static func freshLayout() throws -> FlakeLayout {
            let base = FlakeLayout.miniFlake
            return try FlakeLayout(
                name: "test-\(UUID().uuidString.prefix(8))", timestampBits: base.timestampBits,
                sequenceBits: base.sequenceBits, instanceBits: base.instanceBits, fieldOrder: base.fieldOrder,
                epochMillisecondsSince1970: base.epochMillisecondsSince1970)
        }

        /// Runs `body` with running clients on the test server.
        static func withClients<Result: Sendable>(
            _ count: Int = 1,
            maximumConnections: Int = 20,
            _ body: ([PostgresClient]) async throws -> Result
        ) async throws -> Result {
            let url = try #require(url)
            var configuration = try PostgresLeaseURL(url).clientConfiguration
            configuration.options.maximumConnections = maximumConnections
            configuration.options.connectTimeout = .seconds(2)
            let clients = (0..<count).map { _ in PostgresClient(configuration: configuration) }
            return try await withThrowingTaskGroup(of: Void.self) { group in
                for client in clients { group.addTask { await client.run() } }
                defer { group.cancelAll() }
                return try await body(clients)
            }
        }

        /// Stops or starts the server through the control script, suspending until it is done.
        static func server(_ action: String) async throws {
            let control = try #require(control)
            let status = try await run(control, [action])
            #expect(status == 0, "\(control) \(action) failed with status \(status)")
        }

        /// Runs a script to its end and answers its exit status. The script's output is the
        /// test's; it inherits no other descriptor (``ChildProcess``), so the server a script
        /// leaves running holds none of the test process's pipes or sockets.
        static func run(_ command: String, _ argumentList: [String]) async throws -> Int32 {
            let script = try ChildProcess(command, argumentList, standardOutput: .inherited, standardError: .inherited)
            return await script.exit().status
        }
    }
#endif
