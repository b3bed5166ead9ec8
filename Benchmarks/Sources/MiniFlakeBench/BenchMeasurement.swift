/// The figures of one benchmark case: the cost per item over its bursts and how far its
/// identifiers ran ahead of the clock.
public struct BenchMeasurement: Sendable {
    /// The case's key, such as `maker.nextValue`.
    public let key: String
    /// The case's name.
    public let name: String
    /// The case's table section.
    public let group: BenchGroup
    /// How many threads did the work.
    public let threads: Int
    /// Items per burst.
    public let itemsPerBurst: Int
    /// Bursts measured.
    public let bursts: Int
    /// The median burst's time divided by its items, in nanoseconds: the figure ratios use.
    public let medianNanoseconds: Double
    /// The fastest burst's time divided by its items, in nanoseconds.
    public let bestNanoseconds: Double
    /// The most the timestamp of a burst's last identifier was ahead of the precise clock
    /// right after the burst, in milliseconds (negative: behind), or `nil` when the case makes
    /// no identifiers.
    public let driftMilliseconds: Int64?
    /// Heap allocations (`malloc` and its siblings, on any thread) during the measured bursts,
    /// divided by the items they made, or `nil` where the benchmark cannot count them (anywhere
    /// but Linux with glibc). A case's own threads and its timing are included.
    public let allocationsPerItem: Double?
    /// The sum of everything the bursts produced.
    public let checksum: UInt64
}
