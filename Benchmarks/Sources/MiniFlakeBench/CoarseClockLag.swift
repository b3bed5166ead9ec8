import MiniFlake

/// How far the coarse real-time clock (the one ``MiniFlake/FlakeClock/coarse`` reads) was seen
/// to trail the precise one.
public struct CoarseClockLag: Sendable {
    /// The largest lag seen, in nanoseconds: a precise reading minus the coarse reading taken
    /// just after it, counted only when a second precise reading right after the coarse one
    /// shows the three reads took under a microsecond. So the figure never overstates the lag.
    public let largestNanoseconds: Int64
    /// How many pairs of readings were compared.
    public let samples: Int
    /// The lag ``MiniFlake/FlakeClock/coarse`` declares, in milliseconds.
    public let declaredMaximumMilliseconds: Int64
    /// Whether the platform has a coarse clock at all; elsewhere `.coarse` is the precise one.
    public let hasCoarseClock: Bool

    /// Reads the precise, the coarse and the precise clock again, over and over, for about
    /// `milliseconds`.
    public static func sample(forMilliseconds milliseconds: Int) -> CoarseClockLag {
        let deadline = Stopwatch.now() + UInt64(Swift.max(1, milliseconds)) * 1_000_000
        var largest: Int64 = 0
        var samples = 0
        repeat {
            for _ in 0..<1000 {
                let before = RealtimeClock.preciseNanoseconds()
                let coarse = RealtimeClock.coarseNanoseconds()
                let after = RealtimeClock.preciseNanoseconds()
                guard after - before < 1000 else { continue }
                largest = Swift.max(largest, before - coarse)
                samples += 1
            }
        } while Stopwatch.now() < deadline
        return CoarseClockLag(
            largestNanoseconds: largest, samples: samples,
            declaredMaximumMilliseconds: FlakeClock.coarse.maximumLag.components.seconds * 1000
                + FlakeClock.coarse.maximumLag.components.attoseconds / 1_000_000_000_000_000,
            hasCoarseClock: RealtimeClock.hasCoarseClock)
    }
}
