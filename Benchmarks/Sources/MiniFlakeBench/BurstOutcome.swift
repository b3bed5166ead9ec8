/// What one burst of a benchmark case did: how long its work took and what it produced.
public struct BurstOutcome: Sendable {
    /// A sum of everything the burst produced, so that none of the work can be optimized away.
    public var checksum: UInt64
    /// How long the burst's work took, in nanoseconds, timed inside the case (excluding any
    /// setup, and for several threads from the first thread's start to the last one's end).
    public var nanoseconds: UInt64
    /// The raw value of the last identifier the burst made, if it makes identifiers; the
    /// drift of its timestamp ahead of the clock is read from it.
    public var lastID: Int64?

    /// Makes an outcome.
    public init(checksum: UInt64, nanoseconds: UInt64, lastID: Int64? = nil) {
        self.checksum = checksum
        self.nanoseconds = nanoseconds
        self.lastID = lastID
    }
}
