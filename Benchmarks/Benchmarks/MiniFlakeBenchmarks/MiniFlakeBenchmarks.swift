import Benchmark
import Foundation
import MiniFlakeBench

// MiniFlake's benchmark cases under ordo-one/benchmark: the same cases and counts as
// `miniflake-bench` (from the MiniFlakeBench target). One benchmark iteration is one burst;
// the pause between bursts of a case that makes IDs is outside the measurement.
//
//   swift package benchmark                                  every case, full counts
//   MINIFLAKE_BENCH_QUICK=1 swift package benchmark          tiny counts, for CI
//   swift package benchmark --filter "nextValue.*"           some cases
//
// Each benchmark is named `key: case`, so the report groups them by key (baseline.*, batch.*,
// clock.*, maker.*, ...). `ps per item` is the burst's own timing divided by its items, in
// picoseconds: the figure `miniflake-bench` reports in nanoseconds. Wall clock and throughput
// are per burst.

let benchmarks: @Sendable () -> Void = {
    let quick = ProcessInfo.processInfo.environment["MINIFLAKE_BENCH_QUICK"] == "1"
    let scale: BenchScale = quick ? .quick : .full
    let perItem = BenchmarkMetric.custom("ps per item", polarity: .prefersSmaller, useScalingFactor: false)
    var metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, perItem]
    // Hardware instruction counts need perf events, which many virtual machines lack
    // (`perf stat -e instructions true` says "<not supported>"); opt in where they work.
    if ProcessInfo.processInfo.environment["MINIFLAKE_BENCH_INSTRUCTIONS"] == "1" {
        metrics.append(.instructions)
    }

    var cases: [BenchCase]
    do {
        cases = try BenchSuite.cases(scale: scale)
        // The device issuer's state directory is reused from run to run, as an app's is.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("miniflake-benchmarks-device")
        cases.append(
            BenchSuite.deviceCase(scale: scale, issuer: try BenchSuite.deviceIssuer(directory: directory.path)))
    } catch {
        print("MiniFlake benchmarks: cannot set up the cases: \(error)")
        return
    }
    for benchCase in cases {
        Benchmark(
            "\(benchCase.key): \(benchCase.name)",
            configuration: .init(
                metrics: metrics,
                timeUnits: .nanoseconds,
                units: [perItem: .count],
                warmupIterations: benchCase.warmupBursts,
                scalingFactor: .one,
                maxDuration: .seconds(60),
                maxIterations: benchCase.bursts
            )
        ) { benchmark in
            benchCase.pauseBeforeBurst()
            benchmark.startMeasurement()
            let outcome = try benchCase.runBurst()
            benchmark.stopMeasurement()
            blackHole(outcome.checksum)
            let items = max(1, benchCase.itemsPerBurst)
            benchmark.measurement(perItem, Int(outcome.nanoseconds * 1000 / UInt64(items)))
        }
    }
}
