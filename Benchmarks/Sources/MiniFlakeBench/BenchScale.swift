/// How much work each benchmark case does: `full` for figures, `quick` for a smoke run.
public struct BenchScale: Sendable, Hashable {
    /// A name for the report: `full` or `quick`.
    public let name: String
    /// Single operations per burst (identifiers, clock reads, strings). Kept at most 4000 so
    /// that one burst never uses up a millisecond's 4096 sequence numbers.
    public let itemsPerBurst: Int
    /// Measured bursts per case; the report shows their median and best.
    public let bursts: Int
    /// Unmeasured bursts before them.
    public let warmupBursts: Int
    /// The pause before each burst of a case that makes identifiers, in milliseconds, so that
    /// every burst starts with the clock ahead of the last identifier made.
    public let pauseMilliseconds: Int
    /// Identifiers made back to back by the sustained case that carries ahead of the clock.
    public let sustainedCount: Int
    /// Identifiers made back to back by the sustained case that uses up the maximum lead.
    public let leadLimitedCount: Int
    /// The maximum lead of the generator in that case.
    public let leadLimitedMaximumLead: Duration
    /// How long the coarse clock's lag behind the precise clock is sampled, in milliseconds.
    public let lagSamplingMilliseconds: Int
    /// Identifiers per burst of the flood cases: far above a millisecond's 4096.
    public let floodCount: Int

    /// The counts behind the published figures: bursts of 1000 items, 2 ms apart, 301 of them
    /// per case, and sustained runs of 1 and 8 million identifiers. About 30 seconds.
    public static let full = BenchScale(
        name: "full", itemsPerBurst: 1000, bursts: 301, warmupBursts: 30, pauseMilliseconds: 2,
        sustainedCount: 1_000_000, leadLimitedCount: 8_000_000, leadLimitedMaximumLead: .seconds(1),
        lagSamplingMilliseconds: 200, floodCount: 100_000)

    /// Tiny counts that run every case in about a second, for CI; its figures mean nothing.
    public static let quick = BenchScale(
        name: "quick", itemsPerBurst: 64, bursts: 3, warmupBursts: 1, pauseMilliseconds: 2,
        sustainedCount: 10_000, leadLimitedCount: 20_000, leadLimitedMaximumLead: .milliseconds(2),
        lagSamplingMilliseconds: 10, floodCount: 10_000)
}
