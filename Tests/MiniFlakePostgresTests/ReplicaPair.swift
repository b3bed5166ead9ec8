#if Postgres
    import Foundation
    import MiniFlakePostgres
    import PostgresNIO
    import Testing

    /// A PostgreSQL primary and its asynchronous streaming replica, made and driven by
    /// `scripts/postgres-replica-pair.sh` for one test (``with(isolation:_:)``).
    struct ReplicaPair {
        /// The directory both servers live in.
        let directory: String
        /// The primary's URL.
        let primaryURL: String
        /// The replica's URL (read-only until ``promote()``).
        let replicaURL: String

        /// The script, found from this file's place in the repository.
        static let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts").appendingPathComponent("postgres-replica-pair.sh").path

        /// Starts both servers (the replica streaming from the primary), runs `body` with them,
        /// and stops and removes them, whether `body` returns or throws.
        static func with<Result: Sendable>(
            isolation: isolated (any Actor)? = #isolation, _ body: (ReplicaPair) async throws -> Result
        ) async throws -> Result {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("miniflake-replica-pair-\(UUID().uuidString.prefix(8))").path
            let started = ReplicaPair(directory: directory, primaryURL: "", replicaURL: "")
            do {
                try await started.run("start")
                let read = { (name: String) throws -> String in
                    try String(contentsOfFile: "\(directory)/\(name).url", encoding: .utf8)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
                let pair = ReplicaPair(
                    directory: directory, primaryURL: try read("primary"), replicaURL: try read("replica"))
                let result = try await body(pair)
                try await started.run("destroy")
                return result
            } catch {
                try? await started.run("destroy")
                throw error
            }
        }

        /// Waits until the replica has replayed everything the primary wrote.
        func caughtUp() async throws { try await run("caught-up") }
        /// Stops the replica receiving WAL: what the primary commits from now on it never sees.
        func detach() async throws { try await run("detach") }
        /// Stops the primary at once, as a crash would.
        func stopPrimary() async throws { try await run("stop-primary") }
        /// Promotes the replica to a primary on a new timeline.
        func promote() async throws { try await run("promote") }

        private func run(_ action: String) async throws {
            let status = try await TestDatabase.run(Self.script, [action, directory])
            guard status == 0 else { throw Failure(action: action, status: status) }
        }

        /// A step of the script that failed.
        struct Failure: Error, CustomStringConvertible {
            let action: String
            let status: Int32
            var description: String { "postgres-replica-pair.sh \(action) failed with status \(status)" }
        }

        /// Runs `body` with a running client on `url`.
        static func withClient<Result: Sendable>(
            _ url: String, _ body: (PostgresClient) async throws -> Result
        ) async throws -> Result {
            var configuration = try PostgresLeaseURL(url).clientConfiguration
            configuration.options.connectTimeout = .seconds(1)
            let client = PostgresClient(configuration: configuration)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                return try await body(client)
            }
        }
    }
#endif
