/// The sections of the benchmark table, in the order they are run and shown.
public enum BenchGroup: String, Sendable, CaseIterable {
    /// Bare clock reads: what any time-based generator pays at least.
    case floor
    /// MiniFlake's generators, one thread, in short bursts.
    case generator
    /// One shared generator on several threads, and a control of the same threads reading
    /// the clock independently.
    case threads
    /// `next(count:)` batches, iterated and summed.
    case batch
    /// Formatting and parsing identifiers as text, and JSON encoding.
    case text
    /// Other ways of making unique identifiers, written here from their descriptions.
    case baseline
    /// Bursts of 100,000 identifiers back to back, beside a plain generator that carries the
    /// same way: interleaved with the other bursts.
    case flood
    /// One shared generator flooded by 1 to 16 threads, beside a `Mutex` Snowflake shared by
    /// the same threads and one generator per thread.
    case contention
    /// Identifiers made back to back, faster than 4096 per millisecond, so the sequence
    /// carries ahead of the clock.
    case sustained

    /// The section's heading.
    public var title: String {
        switch self {
        case .floor: "floor: bare clock reads"
        case .generator: "MiniFlake, one thread, bursts"
        case .threads: "one shared generator on several threads (aggregate)"
        case .batch: "batches from next(count:)"
        case .text: "text and JSON"
        case .baseline: "baselines, one thread, bursts"
        case .flood: "floods: bursts far above the 4096-per-millisecond ceiling"
        case .contention: "contention: a flood from 1 to 16 threads (aggregate)"
        case .sustained: "sustained, above the 4096-per-millisecond ceiling"
        }
    }
}
