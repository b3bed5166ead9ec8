// swift-tools-version: 6.1
import PackageDescription

// MiniFlake's benchmarks under ordo-one/benchmark. A package of their own, so that a package
// depending on MiniFlake never resolves the benchmark tool or its dependencies.
//
//   cd Benchmarks && swift package benchmark
//
// The cases come from the MiniFlakeBench library, which `miniflake bench` runs too.
let package = Package(
    name: "MiniFlakeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "MiniFlake", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "MiniFlakeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MiniFlakeBench", package: "MiniFlake"),
            ],
            path: "Benchmarks/MiniFlakeBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
