import Foundation

/// The PostgreSQL server that `scripts/with-postgres.sh` gives the tests, read from the
/// environment; free of PostgresNIO, so every test target can ask whether there is one.
package enum PostgresTestEnvironment {
    /// `MINIFLAKE_TEST_POSTGRES_URL`, or `nil` when no server was given.
    package static let url = ProcessInfo.processInfo.environment["MINIFLAKE_TEST_POSTGRES_URL"]
    /// `MINIFLAKE_TEST_POSTGRES_CTL`: a command taking `stop` or `start`.
    package static let control = ProcessInfo.processInfo.environment["MINIFLAKE_TEST_POSTGRES_CTL"]
    /// Whether this is a CI run, where skipping the PostgreSQL tests is a failure.
    package static let isCI = ["true", "1", "yes"].contains(
        ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
}
