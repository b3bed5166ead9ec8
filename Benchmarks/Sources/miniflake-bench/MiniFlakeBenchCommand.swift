import ArgumentParser
import Foundation
import MiniFlakeBench
import MiniFlakeLease
import RegistryBench

/// `miniflake-bench`: measures MiniFlake against its baselines in one run and prints one table
/// of ns per item with ratios to the bare clock read and to `nextValue()`.
@main
struct MiniFlakeBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "miniflake-bench",
        abstract: "Measure MiniFlake against its baselines, side by side in one run.",
        discussion: """
            Single IDs run in bursts of 1000, 2 ms apart, so the 4096-per-millisecond sequence \
            never throttles a burst; sustained runs above that ceiling are reported separately. \
            Ratios compare cases measured in the same run; BENCHMARKS.md explains them. Build \
            in release mode, from the Benchmarks directory:
              swift build -c release && .build/release/miniflake-bench
            """
    )

    /// Tiny counts, for CI: every case runs once or twice in about a second.
    @Flag(
        name: [.long, .customLong("smoke")],
        help: "Run every case with tiny counts (about a second); the figures mean nothing.")
    var quick = false

    /// Only the cases whose name or key contains this text.
    @Option(
        help:
            "Run only the cases whose name or key contains this text, or one of several separated by commas (case-insensitive)."
    )
    var filter: String?

    /// Whether to print the case names while running.
    @Flag(help: "Don't print each case's name to standard error while it runs.")
    var silent = false

    func run() async throws {
        let scale: BenchScale = quick ? .quick : .full
        // The leased issuer is made with `await`, so it is set up here, before the cases run:
        // a file lease in a directory of its own, renewed in the background meanwhile.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("miniflake-bench-\(ProcessInfo.processInfo.processIdentifier)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let issuer = try await LeasedFlakeIssuer(backend: try FileInstanceLeaseBackend(directory: directory))
        let renewing = Task { try await issuer.run() }
        // The two-thread case gets an issuer of its own, as the two-thread `FlakeMaker` case
        // gets a generator of its own: sharing one would leave the single-thread case's words
        // on the other core after every round.
        let sharedIssuer = try await LeasedFlakeIssuer(
            backend: try FileInstanceLeaseBackend(directory: directory + "-shared"))
        defer { try? FileManager.default.removeItem(atPath: directory + "-shared") }
        let renewingShared = Task { try await sharedIssuer.run() }
        // The device issuer keeps its state in a directory of its own too.
        let device = try BenchSuite.deviceIssuer(directory: directory + "-device")
        defer { try? FileManager.default.removeItem(atPath: directory + "-device") }
        let extra = [
            BenchSuite.leasedCase(scale: scale, issuer: issuer, backendName: "file lease"),
            BenchSuite.leasedImmediateCase(scale: scale, issuer: issuer, backendName: "file lease"),
            BenchSuite.leasedThreadsCase(scale: scale, issuer: sharedIssuer),
            BenchSuite.deviceCase(scale: scale, issuer: device),
            BenchSuite.deviceImmediateCase(scale: scale, issuer: device),
        ]
        let report = try await Self.measure(scale: scale, filter: filter, extra: extra, quiet: silent)
        issuer.shutdown()
        sharedIssuer.shutdown()
        try await renewing.value
        try await renewingShared.value
        // The paced cases time every call on their own threads, and print a section of their own.
        let paced = try PacedBench.run(scale: scale, matching: filter) { name in
            guard !silent else { return }
            FileHandle.standardError.write(Data("\(name)\n".utf8))
        }
        // The registry cases are async database round trips, not bursts: they run afterwards,
        // on the cooperative pool, and print a section of their own.
        let registry = try await RegistryBench.run(scale: scale, matching: filter) { name in
            guard !silent else { return }
            FileHandle.standardError.write(Data("\(name)\n".utf8))
        }
        let generator = try await SQLGeneratorBench.run(scale: scale, matching: filter) { name in
            guard !silent else { return }
            FileHandle.standardError.write(Data("\(name)\n".utf8))
        }
        let backfill = try await BackfillBench.run(scale: scale, matching: filter) { name in
            guard !silent else { return }
            FileHandle.standardError.write(Data("\(name)\n".utf8))
        }
        guard
            !report.measurements.isEmpty || !paced.isEmpty || !registry.isEmpty || generator != nil || !backfill.isEmpty
        else {
            throw ValidationError("no benchmark case matches --filter \(filter ?? "")")
        }
        var sections: [String] = []
        if !report.measurements.isEmpty { sections.append(report.rendered()) }
        if !paced.isEmpty { sections.append(PacedBench.rendered(paced, scale: scale)) }
        if !registry.isEmpty { sections.append(RegistryBench.rendered(registry, scale: scale)) }
        if let generator { sections.append(SQLGeneratorBench.rendered(generator, scale: scale)) }
        if !backfill.isEmpty { sections.append(BackfillBench.rendered(backfill, scale: scale)) }
        print(sections.joined(separator: "\n\n"))
    }

    /// Runs the cases on a thread of their own, so that the timing loops block no thread of
    /// the cooperative pool (where the lease renews itself meanwhile).
    private static func measure(
        scale: BenchScale, filter: String?, extra: [BenchCase], quiet: Bool
    ) async throws -> BenchReport {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result {
                        try BenchSuite.run(scale: scale, matching: filter, adding: extra) { name in
                            guard !quiet else { return }
                            FileHandle.standardError.write(Data("\(name)\n".utf8))
                        }
                    })
            }
            thread.start()
        }
    }
}
