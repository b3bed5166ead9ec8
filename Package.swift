// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The core library, `MiniFlake`, depends on nothing but the toolchain. Everything that needs
// another package sits behind a package trait that is off by default, so a package that
// depends on MiniFlake and uses only the core resolves no other package at all.
//
//   swift run --traits CLI miniflake generate -n 5      the command line
//   swift test --enable-all-traits                       every test

/// Turns warnings into errors only where `.ci/run` asks for it, never for packages that depend on us.
let warningsAsErrors: [SwiftSetting] =
    ProcessInfo.processInfo.environment["MINIFLAKE_WARNINGS_AS_ERRORS"] == "1"
    ? [.unsafeFlags(["-warnings-as-errors"])] : []

/// What every target of this package is compiled with; the loop at the end applies it to each.
let swiftSettings: [SwiftSetting] =
    [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")] + warningsAsErrors

/// Apple's privacy manifest of a target whose Apple build calls an API that Apple requires a reason
/// for (`scripts/check-privacy-manifests.sh` in `.ci/run` keeps the two in step). It is a resource
/// only where Apple platforms build, as swift-nio does it: elsewhere the file is excluded, so a Linux
/// build makes no resource bundle and links nothing more.
#if canImport(Darwin)
    let privacyManifest: (resources: [Resource], exclude: [String]) = ([.copy("PrivacyInfo.xcprivacy")], [])
#else
    let privacyManifest: (resources: [Resource], exclude: [String]) = ([], ["PrivacyInfo.xcprivacy"])
#endif

let package = Package(
    name: "MiniFlake",
    // The floor of the products apps use (MiniFlake, MiniFlakeDevice, MiniFlakeCloudKit,
    // MiniFlakeRegistry, MiniFlakeGRDB). SwiftPM has no per-product platforms, so the server products share it; every
    // dependency's own floor is at or below it. `scripts/check-platforms.sh` (in `.ci/run`) holds
    // it here, and keeps APIs newer than it (`Synchronization`) out of Sources/.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "MiniFlake", targets: ["MiniFlake"]),
        .library(name: "MiniFlakeDevice", targets: ["MiniFlakeDevice"]),
        .library(name: "MiniFlakeCloudKit", targets: ["MiniFlakeCloudKit"]),
        .library(name: "MiniFlakeGRDB", targets: ["MiniFlakeGRDB"]),
        .library(name: "MiniFlakeLease", targets: ["MiniFlakeLease"]),
        .library(name: "MiniFlakePostgres", targets: ["MiniFlakePostgres"]),
        .library(name: "MiniFlakeRegistry", targets: ["MiniFlakeRegistry"]),
        .library(name: "MiniFlakeServer", targets: ["MiniFlakeServer"]),
        .library(name: "MiniFlakeVapor", targets: ["MiniFlakeVapor"]),
        .executable(name: "miniflake", targets: ["miniflake"]),
    ],
    traits: [
        .trait(
            name: "CLI",
            description:
                "Builds the `miniflake` command line (swift-argument-parser only); `serve` also needs Server, PostgreSQL leases Postgres.",
            enabledTraits: []),
        .trait(name: "GRDB", description: "Builds MiniFlakeGRDB: FlakeID in SQLite through GRDB."),
        .trait(
            name: "Server",
            description: "Builds MiniFlakeServer, the HTTP ID service (Hummingbird, swift-service-lifecycle, metrics).",
            enabledTraits: ["GRDB"]),
        .trait(name: "Postgres", description: "Builds MiniFlakePostgres: instance-number leases in PostgreSQL."),
        .trait(
            name: "Vapor",
            description:
                "Builds MiniFlakeVapor: FlakeID in Fluent models (SQLite INTEGER, PostgreSQL BIGINT) and an issuer held by a Vapor application.",
            enabledTraits: ["Postgres"]),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
    ],
    targets: [
        // The atomics and the lock under Sources/MiniFlake/Concurrency: C, toolchain only.
        .target(name: "CMiniFlakeAtomics"),
        .target(name: "MiniFlake", dependencies: ["CMiniFlakeAtomics"]),
        // Not a product: what the other modules share beyond the core (POSIX file helpers, the
        // blocking thread for file work, the JSON and ISO 8601 writers of the service and the
        // command), at `package` access; SwiftPM builds it into whatever uses those modules. Its
        // file helpers call stat and fstat (Apple's file timestamp APIs): see
        // Sources/MiniFlakeSupport/PrivacyInfo.xcprivacy.
        .target(
            name: "MiniFlakeSupport", dependencies: ["MiniFlake"], exclude: privacyManifest.exclude,
            resources: privacyManifest.resources),
        .target(name: "MiniFlakeRegistry", dependencies: ["MiniFlake"]),
        .target(name: "MiniFlakeDevice", dependencies: ["MiniFlake", "MiniFlakeRegistry", "MiniFlakeSupport"]),
        // Instance numbers claimed in the user's CloudKit private database. Its CloudKit code is
        // behind `#if canImport(CloudKit)`: elsewhere the module builds with no public API. It
        // links CloudKit only, a system framework, so it resolves no other package.
        .target(name: "MiniFlakeCloudKit", dependencies: ["MiniFlake", "MiniFlakeDevice"]),
        .target(
            name: "MiniFlakeGRDB",
            dependencies: [
                "MiniFlake",
                "MiniFlakeRegistry",
                "MiniFlakeSupport",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
            ]
        ),
        .executableTarget(
            name: "miniflake",
            dependencies: [
                "MiniFlake",
                .product(
                    name: "ArgumentParser",
                    package: "swift-argument-parser",
                    condition: .when(traits: ["CLI"])
                ),
                "MiniFlakeLease",
                "MiniFlakeRegistry",
                "MiniFlakeSupport",
                .target(name: "MiniFlakeServer", condition: .when(traits: ["Server"])),
                .target(name: "MiniFlakeGRDB", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Server"])),
                .target(name: "MiniFlakePostgres", condition: .when(traits: ["Postgres"])),
            ]
        ),
        .target(name: "MiniFlakeLease", dependencies: ["MiniFlake", "MiniFlakeSupport"]),
        .target(
            name: "MiniFlakePostgres",
            dependencies: [
                "MiniFlake",
                "MiniFlakeLease",
                "MiniFlakeRegistry",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
            ]
        ),
        .target(
            name: "MiniFlakeServer",
            dependencies: [
                "MiniFlake",
                "MiniFlakeLease",
                "MiniFlakeRegistry",
                "MiniFlakeSupport",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(
                    name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras", condition: .when(traits: ["Server"])),
            ]
        ),
        .target(
            name: "MiniFlakeVapor",
            dependencies: [
                "MiniFlake",
                "MiniFlakeLease",
                "MiniFlakePostgres",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "Fluent", package: "fluent", condition: .when(traits: ["Vapor"])),
                .product(name: "FluentKit", package: "fluent-kit", condition: .when(traits: ["Vapor"])),
                .product(name: "FluentSQL", package: "fluent-kit", condition: .when(traits: ["Vapor"])),
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: ["Vapor"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Vapor"])),
            ]
        ),
        .target(
            name: "MiniFlakeTestSupport",
            dependencies: ["MiniFlake", "MiniFlakeLease", "MiniFlakeSupport"],
            path: "Tests/MiniFlakeTestSupport"
        ),
        .testTarget(name: "MiniFlakeTests", dependencies: ["MiniFlake", "MiniFlakeSupport", "MiniFlakeTestSupport"]),
        .testTarget(name: "MiniFlakeSupportTests", dependencies: ["MiniFlakeSupport", "MiniFlakeTestSupport"]),
        .testTarget(
            name: "MiniFlakeLeaseTests", dependencies: ["MiniFlakeLease", "MiniFlakeSupport", "MiniFlakeTestSupport"]),
        .testTarget(name: "MiniFlakeDeviceTests", dependencies: ["MiniFlakeDevice", "MiniFlakeTestSupport"]),
        .testTarget(name: "MiniFlakeCloudKitTests", dependencies: ["MiniFlakeCloudKit", "MiniFlakeDevice"]),
        .testTarget(
            name: "MiniFlakePostgresTests",
            dependencies: [
                "MiniFlakePostgres",
                "MiniFlakeTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ]
        ),
        .testTarget(
            name: "MiniFlakeServerTests",
            dependencies: [
                "MiniFlakeServer",
                "MiniFlakeRegistry",
                "MiniFlakeGRDB",
                "MiniFlakeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: ["Server"])),
                .product(name: "Prometheus", package: "swift-prometheus", condition: .when(traits: ["Server"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Server"])),
            ]
        ),
        .testTarget(
            name: "MiniFlakeVaporTests",
            dependencies: [
                "MiniFlakeVapor",
                "MiniFlakeTestSupport",
                .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "Fluent", package: "fluent", condition: .when(traits: ["Vapor"])),
                .product(
                    name: "FluentSQLiteDriver", package: "fluent-sqlite-driver", condition: .when(traits: ["Vapor"])),
                .product(
                    name: "FluentPostgresDriver", package: "fluent-postgres-driver",
                    condition: .when(traits: ["Vapor"])),
            ]
        ),
        .testTarget(
            name: "MiniFlakeRegistryTests",
            dependencies: [
                "MiniFlakeRegistry",
                "MiniFlakeGRDB",
                "MiniFlakePostgres",
                "MiniFlakeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ]
        ),
        .testTarget(
            name: "MiniFlakeGRDBTests",
            dependencies: ["MiniFlakeGRDB", "MiniFlakeTestSupport"]
        ),
        .testTarget(
            name: "MiniFlakeIntakeTests",
            dependencies: [
                "MiniFlakeRegistry",
                "MiniFlakeGRDB",
                "MiniFlakePostgres",
                "MiniFlakeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Postgres"])),
            ]
        ),
        .testTarget(
            name: "miniflakeTests",
            dependencies: [
                "miniflake", "MiniFlakeLease", "MiniFlakeSupport", "MiniFlakeTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
            ]
        ),
        .target(
            name: "NotesSync",
            dependencies: [
                "MiniFlake",
                "MiniFlakeRegistry",
                "MiniFlakeGRDB",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            ],
            path: "Examples/NotesSyncServer/Sources/NotesSync"
        ),
        .executableTarget(
            name: "notes-sync-server",
            dependencies: [
                "NotesSync",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
            ],
            path: "Examples/NotesSyncServer/Sources/notes-sync-server"
        ),
        .testTarget(
            name: "NotesSyncTests",
            dependencies: [
                "NotesSync",
                "MiniFlakeDevice",
                "MiniFlakeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Server"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Server"])),
            ],
            path: "Examples/NotesSyncServer/Tests/NotesSyncTests"
        ),
        .testTarget(
            name: "DocumentationExampleTests",
            dependencies: [
                "MiniFlake",
                "MiniFlakeDevice",
                "MiniFlakeCloudKit",
                "MiniFlakeLease",
                "MiniFlakeTestSupport",
                "MiniFlakeGRDB",
                "MiniFlakePostgres",
                "MiniFlakeServer",
                "MiniFlakeVapor",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["GRDB"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Server"])),
                .product(name: "Fluent", package: "fluent", condition: .when(traits: ["Vapor"])),
                .product(
                    name: "FluentSQLiteDriver", package: "fluent-sqlite-driver", condition: .when(traits: ["Vapor"])),
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `swiftSettings` goes to every target here, so that no target can be added without it.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
