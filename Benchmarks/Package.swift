// swift-tools-version: 6.1
import PackageDescription

// MiniFlake's benchmarks, a package of their own beside the library (as swift-log's and
// swift-collections' are), so that a package depending on MiniFlake never resolves the
// benchmark tools and the shipped `miniflake` command links none of this.
//
//   swift run -c release miniflake-bench         one table, every case side by side
//
// The cases live in the MiniFlakeBench library target; the registry cases in RegistryBench.
/// The root package's strictness for the targets here; warnings-as-errors only where `.ci/run` asks.
let warningsAsErrors: [SwiftSetting] =
    Context.environment["MINIFLAKE_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []
/// What every target here is compiled with; the loop at the end applies it to each.
let swiftSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")] + warningsAsErrors

let package = Package(
    name: "MiniFlakeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // GRDB and Postgres: the registry cases (registry.sqlite, registry.postgres), which only
        // miniflake-bench links.
        .package(name: "MiniFlake", path: "..", traits: ["GRDB", "Postgres"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.0"),
    ],
    targets: [
        // Counts the process's allocations (Linux with glibc), for the table's mallocs column.
        .target(name: "CAllocationCount", path: "Sources/CAllocationCount"),
        .target(
            name: "MiniFlakeBench",
            dependencies: [
                "CAllocationCount",
                .product(name: "MiniFlake", package: "MiniFlake"),
                .product(name: "MiniFlakeLease", package: "MiniFlake"),
                .product(name: "MiniFlakeDevice", package: "MiniFlake"),
            ],
            path: "Sources/MiniFlakeBench"
        ),
        // Apart from MiniFlakeBench, so that only miniflake-bench links GRDB and postgres-nio.
        .target(
            name: "RegistryBench",
            dependencies: [
                "MiniFlakeBench",
                .product(name: "MiniFlakeRegistry", package: "MiniFlake"),
                .product(name: "MiniFlakeGRDB", package: "MiniFlake"),
                .product(name: "MiniFlakePostgres", package: "MiniFlake"),
            ],
            path: "Sources/RegistryBench"
        ),
        .executableTarget(
            name: "miniflake-bench",
            dependencies: [
                "MiniFlakeBench",
                "RegistryBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/miniflake-bench"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `swiftSettings` goes to every target here, so that no target can be added without it.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}
