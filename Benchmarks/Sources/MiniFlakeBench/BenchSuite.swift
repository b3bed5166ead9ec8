import Foundation
import MiniFlake

/// Every benchmark case, MiniFlake's and its baselines', in the order they run.
///
/// ```swift
/// let report = try BenchSuite.run(scale: .full)
/// print(report.rendered())
/// ```
public enum BenchSuite {
    /// Builds the cases for a scale, each with its own generator where it needs one.
    ///
    /// - Throws: ``MiniFlake/FlakeError`` if a generator cannot be made (the clock reads a
    ///   time before 2018).
    public static func cases(scale: BenchScale) throws -> [BenchCase] {
        var cases = floorCases(scale: scale)
        cases += try generatorCases(scale: scale)
        cases += try threadCases(scale: scale)
        cases += try batchCases(scale: scale)
        cases += try textCases(scale: scale)
        cases += baselineCases(scale: scale)
        cases += sustainedCases(scale: scale)
        cases += try floodCases(scale: scale)
        cases += contentionCases(scale: scale)
        return cases
    }

    /// Measures every case whose name or key contains `filter`, or one of its comma-separated
    /// parts (all when `nil`), samples the coarse clock's lag, and returns the report.
    ///
    /// The short-burst cases run interleaved, one burst of each per round, so that they share
    /// the machine's good and bad moments: first the single-threaded ones, then those on
    /// several threads. The sustained cases then run one after another.
    ///
    /// - Parameters:
    ///   - extra: Cases built elsewhere (such as ``leasedCase(scale:issuer:backendName:)``),
    ///     run after the other cases of their group.
    ///   - progress: Called with a line saying what is running.
    /// - Throws: ``MiniFlake/FlakeError`` or a parse error from the code being measured.
    public static func run(
        scale: BenchScale, matching filter: String? = nil, adding extra: [BenchCase] = [],
        progress: (String) -> Void = { _ in }
    ) throws -> BenchReport {
        let texts = (filter ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var all = try cases(scale: scale)
        for benchCase in extra {
            let groupEnd = all.lastIndex { $0.group == benchCase.group }.map { $0 + 1 } ?? all.endIndex
            all.insert(benchCase, at: groupEnd)
        }
        let selected = all.filter { benchCase in
            guard !texts.isEmpty else { return true }
            let name = benchCase.name.lowercased()
            let key = benchCase.key.lowercased()
            return texts.contains { name.contains($0) || key.contains($0) }
        }
        let load = BenchReport.currentLoadAverage()
        guard !selected.isEmpty else {
            return BenchReport(scale: scale, measurements: [], coarseLag: nil, loadAverageAtStart: load)
        }
        let bursts = selected.filter { $0.group != .sustained }
        var measured: [String: BenchMeasurement] = [:]
        // One thread, then several: interleaved with single-threaded bursts, a team's parked
        // threads tend to wake on the busy core, and the control then shows no second core.
        for block in [bursts.filter { $0.threads == 1 }, bursts.filter { $0.threads > 1 }] where !block.isEmpty {
            progress("running \(block.count) cases, interleaved")
            let results = try BenchRunner.measureInterleaved(block) { done, total in
                progress("  round \(done) of \(total)")
            }
            for result in results {
                measured[result.key] = result
            }
        }
        var measurements = bursts.compactMap { measured[$0.key] }
        for benchCase in selected where benchCase.group == .sustained {
            progress("running \(benchCase.name)")
            measurements.append(try BenchRunner.measure(benchCase))
        }
        progress("sampling the coarse clock's lag")
        let lag = CoarseClockLag.sample(forMilliseconds: scale.lagSamplingMilliseconds)
        return BenchReport(scale: scale, measurements: measurements, coarseLag: lag, loadAverageAtStart: load)
    }

    /// The timestamp of a MiniFlake-layout identifier, in milliseconds since 1970.
    static func miniFlakeMilliseconds(_ rawValue: Int64) -> Int64 {
        milliseconds(of: rawValue, layout: .miniFlake)
    }

    /// The timestamp of a Twitter-layout identifier, in milliseconds since 1970.
    static func twitterMilliseconds(_ rawValue: Int64) -> Int64 {
        milliseconds(of: rawValue, layout: .twitter)
    }

    /// The timestamp of an identifier of any layout, in milliseconds since 1970.
    static func milliseconds(of rawValue: Int64, layout: FlakeLayout) -> Int64 {
        guard let id = FlakeID(rawValue: rawValue) else { return 0 }
        return layout.parts(of: id).millisecondsSince1970
    }

    /// Times a single-threaded loop; the loop returns its checksum and last identifier.
    @inline(__always)
    static func timed(_ work: () throws -> (checksum: UInt64, lastID: Int64?)) rethrows -> BurstOutcome {
        let start = Stopwatch.now()
        let (checksum, lastID) = try work()
        let end = Stopwatch.now()
        return BurstOutcome(checksum: checksum, nanoseconds: end &- start, lastID: lastID)
    }

    /// Times `count` calls of `next` on one thread, summing the identifiers made.
    @inline(__always)
    static func timedIDs(_ count: Int, _ next: () throws -> Int64) rethrows -> BurstOutcome {
        try timed {
            var sum: UInt64 = 0
            var last: Int64 = 0
            for _ in 0..<count {
                last = try next()
                sum &+= UInt64(bitPattern: last)
            }
            return (sum, last)
        }
    }

    /// Runs `perMember` calls of `next` on every member of `team` at once.
    static func teamIDs(
        _ team: ThreadTeam, perMember: Int, _ next: @escaping @Sendable () throws -> Int64
    ) throws -> BurstOutcome {
        try team.run { _ in
            team.arriveAndWait()
            let start = Stopwatch.now()
            var sum: UInt64 = 0
            var last: Int64 = 0
            for _ in 0..<perMember {
                last = try next()
                sum &+= UInt64(bitPattern: last)
            }
            return ThreadTeam.Slice(start: start, end: Stopwatch.now(), checksum: sum, lastID: last)
        }
    }
}
