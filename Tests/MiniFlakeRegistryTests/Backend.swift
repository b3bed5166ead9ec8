import Foundation
import MiniFlake
import MiniFlakeRegistry
import MiniFlakeTestSupport
import Testing

#if GRDB
    import MiniFlakeGRDB
#endif
#if Postgres
    import MiniFlakePostgres
    import PostgresNIO
#endif

/// A storage backend of the registry, for the one behaviour suite that runs against both: a
/// fresh SQLite file, or the PostgreSQL server of `scripts/with-postgres.sh`.
enum Backend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The backends this build and environment can run: SQLite with the GRDB trait, and
    /// PostgreSQL with the Postgres trait when `MINIFLAKE_TEST_POSTGRES_URL` is set (on CI
    /// its absence fails `postgresRequiredOnCI`).
    static var available: [Backend] {
        var backends: [Backend] = []
        #if GRDB
            backends.append(.sqlite)
        #endif
        #if Postgres
            if PostgresTestEnvironment.url != nil { backends.append(.postgres) }
        #endif
        return backends
    }

    /// Runs `body` with `count` registry objects on one fresh store: one SQLite file opened
    /// `count` times (a `DatabasePool` each), or `count` PostgreSQL clients, while no other
    /// test uses the PostgreSQL server.
    func withRegistries<Result: Sendable>(
        _ count: Int = 1,
        settings: InstanceRegistryConfiguration = .init(),
        _ body: ([any InstanceRegistry]) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .sqlite:
            #if GRDB
                let directory = try TemporaryDirectory(prefix: "MiniFlakeRegistryTests")
                defer { directory.remove() }
                let path = directory.appending("registry.sqlite").path
                let registries: [any InstanceRegistry] = try (0..<count).map { _ in
                    try GRDBInstanceRegistry(path: path, configuration: settings)
                }
                return try await body(registries)
            #else
                throw Unavailable(backend: self)
            #endif
        case .postgres:
            #if Postgres
                let url = try #require(PostgresTestEnvironment.url)
                var configuration = try PostgresLeaseURL(url).clientConfiguration
                configuration.options.maximumConnections = 20
                configuration.options.connectTimeout = .seconds(5)
                let clients = (0..<count).map { _ in PostgresClient(configuration: configuration) }
                return try await SharedResource.postgresServer.withExclusiveUse {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for client in clients { group.addTask { await client.run() } }
                        defer { group.cancelAll() }
                        let registries = clients.map { PostgresInstanceRegistry(client: $0, configuration: settings) }
                        for registry in registries { try await registry.prepare() }
                        return try await body(registries)
                    }
                }
            #else
                throw Unavailable(backend: self)
            #endif
        }
    }

    /// Runs `body` with one registry on a fresh store.
    func withRegistry<Result: Sendable>(
        settings: InstanceRegistryConfiguration = .init(),
        _ body: (any InstanceRegistry) async throws -> Result
    ) async throws -> Result {
        try await withRegistries(1, settings: settings) { try await body($0[0]) }
    }

    /// The backend was not built into this test run.
    struct Unavailable: Error {
        let backend: Backend
    }
}

/// Names and settings the registry tests share.
enum Fixture {
    /// A fresh account name: PostgreSQL tests share one table, so each test uses its own accounts.
    static func account(_ label: String = "account") throws -> RegistryName {
        try RegistryName("\(label)-\(UUID().uuidString)")
    }

    /// An installation name.
    static func installation(_ index: Int) throws -> RegistryName {
        try RegistryName("installation-\(index)")
    }

    /// A layout with 8 instance numbers (0...7), small enough to fill an account.
    static let smallLayout: FlakeLayout = {
        do {
            return try FlakeLayout(
                name: "registry-small", timestampBits: 41, sequenceBits: 12, instanceBits: 3,
                fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 1_519_862_400_000)
        } catch {
            return .miniFlake
        }
    }()

    /// The code of the ``InstanceRegistryError`` that `body` throws; `nil` when it throws
    /// nothing or another error.
    static func failure<Value>(_ body: () async throws -> Value) async -> InstanceRegistryError.Code? {
        do {
            _ = try await body()
            return nil
        } catch {
            return (error as? InstanceRegistryError)?.code
        }
    }

    /// The time the manual clocks start at.
    static let start: Int64 = 1_800_000_000_000

    /// Settings with a manual clock, a layout and a reuse horizon of `horizonMilliseconds`.
    static func settings(
        clock: ManualFlakeClock, layout: FlakeLayout = .miniFlake, horizonMilliseconds: Int64 = 90 * 86_400_000
    ) -> InstanceRegistryConfiguration {
        InstanceRegistryConfiguration(
            layout: layout, reuseHorizon: .milliseconds(horizonMilliseconds), clock: clock.flakeClock)
    }
}
