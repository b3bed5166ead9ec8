#if Vapor
    import FluentPostgresDriver
    import Fluent
    import FluentSQLiteDriver
    import Foundation
    import MiniFlake
    import MiniFlakeTestSupport
    import MiniFlakeVapor
    import Testing
    import Vapor

    /// The databases the Fluent tests run against.
    enum Backend: String, Sendable, CustomTestStringConvertible {
        case sqlite
        case postgres

        var testDescription: String { rawValue }
    }

    /// Applications for the tests: a real database, the `notes` table migrated, the ID
    /// middleware in place, and an issuer.
    enum TestApp {
        /// `MINIFLAKE_TEST_POSTGRES_URL`, from `scripts/with-postgres.sh`, or `nil`.
        static let postgresURL = PostgresTestEnvironment.url
        /// Whether this is a CI run, where skipping the PostgreSQL tests is a failure.
        static let isCI = PostgresTestEnvironment.isCI

        static let missing: Comment =
            "MINIFLAKE_TEST_POSTGRES_URL is not set, so the PostgreSQL tests are skipped; run them with scripts/with-postgres.sh swift test --traits Vapor,Postgres"

        /// SQLite always; PostgreSQL when a server is given, and on CI (where a missing server
        /// then fails the test instead of skipping it).
        static var backends: [Backend] { postgresURL != nil || isCI ? [.sqlite, .postgres] : [.sqlite] }

        /// Runs `body` with an application on a fresh database, booted unless `boot` is false,
        /// and shuts it down afterwards (dropping the PostgreSQL schema it made). On PostgreSQL
        /// it waits until no other test uses the server.
        static func withApp<Result>(
            _ backend: Backend,
            provider: Application.Flake.Provider = .instance(7),
            claim: Application.Flake.ClaimTiming = .onBoot,
            boot: Bool = true,
            _ body: (Application) async throws -> Result
        ) async throws -> Result {
            guard backend == .postgres else {
                return try await withFreshApp(backend, provider: provider, claim: claim, boot: boot, body)
            }
            return try await SharedResource.postgresServer.withExclusiveUse {
                try await withFreshApp(backend, provider: provider, claim: claim, boot: boot, body)
            }
        }

        /// ``withApp(_:provider:claim:boot:_:)`` without waiting for the PostgreSQL server.
        private static func withFreshApp<Result>(
            _ backend: Backend,
            provider: Application.Flake.Provider,
            claim: Application.Flake.ClaimTiming,
            boot: Bool,
            _ body: (Application) async throws -> Result
        ) async throws -> Result {
            let app = try await Application.make(.testing)
            var schema: String?
            do {
                app.flake.use(provider, claim: claim)
                switch backend {
                case .sqlite:
                    app.databases.use(.sqlite(.memory), as: .sqlite)
                case .postgres:
                    let url = try #require(postgresURL, missing)
                    let name = "vapor_\(UUID().uuidString.prefix(8).lowercased())"
                    var configuration = try SQLPostgresConfiguration(url: url)
                    configuration.searchPath = [name]
                    app.databases.use(.postgres(configuration: configuration), as: .psql)
                    try await sql(app).raw("CREATE SCHEMA \(ident: name)").run()
                    schema = name
                }
                app.databases.middleware.use(FlakeIDMiddleware<Note>(app.flake))
                app.migrations.add(CreateNotes())
                try await app.autoMigrate()
                if boot { try await app.asyncBoot() }
                let result = try await body(app)
                if let schema { try await sql(app).raw("DROP SCHEMA \(ident: schema) CASCADE").run() }
                try await app.asyncShutdown()
                return result
            } catch {
                if let schema { try? await sql(app).raw("DROP SCHEMA \(ident: schema) CASCADE").run() }
                try? await app.asyncShutdown()
                throw error
            }
        }

        /// The application's default database as an SQL database.
        static func sql(_ app: Application) throws -> any SQLDatabase {
            try #require(app.db as? any SQLDatabase)
        }
    }
#endif
