#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

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

        /// Stops or starts the server through the control script.
        ///
        /// Spawned with `posix_spawn` and reaped with `waitpid` rather than with Foundation's
        /// `Process`, which waits for every process that inherited its status pipe, and the
        /// server that `start` leaves running would be one of them.
        static func server(_ action: String) throws {
            let control = try #require(control)
            let pid = try spawn(control, [action])
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            #expect(status == 0, "\(control) \(action) failed with status \(status)")
        }

        /// Runs a script to its end and answers its exit status, spawned and reaped as
        /// ``server(_:)`` says, since a script that starts a server leaves it running. It
        /// polls for the end instead of waiting in `waitpid`, so that a script that takes
        /// seconds (making a replica) holds no thread of the cooperative pool meanwhile.
        static func run(_ command: String, _ argumentList: [String]) async throws -> Int32 {
            let pid = try spawn(command, argumentList)
            var status: Int32 = 0
            while true {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid { return status }
                if reaped < 0 && errno != EINTR { throw SpawnError(code: errno) }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }

        /// Starts `command` with `argumentList` and this process's environment.
        private static func spawn(_ command: String, _ argumentList: [String]) throws -> pid_t {
            var pid: pid_t = 0
            let arguments: [UnsafeMutablePointer<CChar>?] = ([command] + argumentList).map { strdup($0) }
            let environment: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map {
                strdup("\($0.key)=\($0.value)")
            }
            defer { for pointer in arguments + environment { free(pointer) } }
            let spawned = posix_spawn(&pid, command, nil, nil, arguments + [nil], environment + [nil])
            guard spawned == 0 else { throw SpawnError(code: spawned) }
            return pid
        }

        struct SpawnError: Error {
            let code: Int32
        }
    }
#endif
