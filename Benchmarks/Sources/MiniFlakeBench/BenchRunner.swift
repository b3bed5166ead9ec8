import CAllocationCount

/// Runs ``BenchCase``s the way `miniflake-bench` does: unmeasured warm-up bursts, then the
/// measured ones, each after its case's pause, counting the allocations of the measured ones.
public enum BenchRunner {
    /// Measures one case on its own.
    ///
    /// - Throws: Whatever the measured code throws.
    public static func measure(_ benchCase: BenchCase) throws -> BenchMeasurement {
        try measureInterleaved([benchCase])[0]
    }

    /// Measures several cases in rounds: each round runs one burst of every case, so a slow
    /// spell of the machine (another process, a busy neighbour on the host) falls on all of
    /// them alike and their ratios stay fair.
    ///
    /// - Parameter progress: Called with the number of rounds done and the total, now and then.
    /// - Throws: Whatever the measured code throws.
    public static func measureInterleaved(
        _ cases: [BenchCase], progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> [BenchMeasurement] {
        var records = cases.map { Record(benchCase: $0) }
        let warmupRounds = cases.map(\.warmupBursts).max() ?? 0
        for round in 0..<warmupRounds {
            for index in records.indices where round < records[index].benchCase.warmupBursts {
                try records[index].run(measured: false)
            }
        }
        let rounds = cases.map { Swift.max(1, $0.bursts) }.max() ?? 0
        for round in 0..<rounds {
            if round % 50 == 0 { progress(round, rounds) }
            for index in records.indices where round < Swift.max(1, records[index].benchCase.bursts) {
                try records[index].run(measured: true)
            }
        }
        progress(rounds, rounds)
        return records.map { $0.measurement() }
    }

    /// One case's bursts so far.
    private struct Record {
        let benchCase: BenchCase
        var perItem: [Double] = []
        var drift: Int64?
        var checksum: UInt64 = 0
        /// Allocations made during the measured bursts, or `nil` where they are not counted.
        var allocations: Int64? = 0

        mutating func run(measured: Bool) throws {
            benchCase.pauseBeforeBurst()
            let allocationsBefore = miniflake_bench_allocation_count()
            let outcome = try benchCase.runBurst()
            let allocationsAfter = miniflake_bench_allocation_count()
            checksum &+= outcome.checksum
            guard measured else { return }
            allocations = allocationsBefore < 0 ? nil : allocations.map { $0 + allocationsAfter - allocationsBefore }
            perItem.append(Double(outcome.nanoseconds) / Double(Swift.max(1, benchCase.itemsPerBurst)))
            if let burstDrift = benchCase.driftMilliseconds(after: outcome) {
                drift = Swift.max(drift ?? .min, burstDrift)
            }
        }

        func measurement() -> BenchMeasurement {
            BlackHole.consume(checksum)
            let sorted = perItem.sorted()
            let middle = sorted.count / 2
            let median =
                sorted.isEmpty
                ? 0 : sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            return BenchMeasurement(
                key: benchCase.key, name: benchCase.name, group: benchCase.group, threads: benchCase.threads,
                itemsPerBurst: benchCase.itemsPerBurst, bursts: sorted.count, medianNanoseconds: median,
                bestNanoseconds: sorted.first ?? 0, driftMilliseconds: drift,
                allocationsPerItem: allocations.map {
                    Double($0) / Double(Swift.max(1, sorted.count * benchCase.itemsPerBurst))
                }, checksum: checksum)
        }
    }
}
