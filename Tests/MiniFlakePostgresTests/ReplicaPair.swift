#if Postgres
    import Foundation
    import MiniFlakePostgres
    import PostgresNIO
    import Testing

    /// A PostgreSQL primary and its asynchronous streaming replica, made and driven by
    /// `scripts/postgres-replica-pair.sh` for one test, and removed by ``destroy()``.
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

        /// Starts both servers; the replica streams from the primary when it returns.
        static func start() throws -> ReplicaPair {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("miniflake-replica-pair-\(UUID().uuidString.prefix(8))").path
            let pair = ReplicaPair(directory: directory, primaryURL: "", replicaURL: "")
            do {
                try pair.run("start")
                let read = { (name: String) throws -> String in
                    try String(contentsOfFile: "\(directory)/\(name).url", encoding: .utf8)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
                return ReplicaPair(
                    directory: directory, primaryURL: try read("primary"), replicaURL: try read("replica"))
            } catch {
                pair.destroy()
                throw error
            }
        }

        /// Waits until the replica has replayed everything the primary wrote.
        func caughtUp() throws { try run("caught-up") }
        /// Stops the replica receiving WAL: what the primary commits from now on it never sees.
        func detach() throws { try run("detach") }
        /// Stops the primary at once, as a crash would.
        func stopPrimary() throws { try run("stop-primary") }
        /// Promotes the replica to a primary on a new timeline.
        func promote() throws { try run("promote") }
        /// Stops both servers and removes their directory.
        func destroy() { try? run("destroy") }

        private func run(_ action: String) throws {
            let status = try TestDatabase.run(Self.script, [action, directory])
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
