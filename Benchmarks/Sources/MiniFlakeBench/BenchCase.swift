/// One thing to measure: a burst of work that times itself, run many times.
///
/// `miniflake-bench` builds its table from these cases (``BenchSuite`` makes them).
public struct BenchCase: Sendable {
    /// A stable short key, such as `maker.nextValue`, that reports and targets refer to.
    public let key: String
    /// What the case measures, as the table shows it.
    public let name: String
    /// The table section the case belongs to.
    public let group: BenchGroup
    /// How many threads do the work at once.
    public let threads: Int
    /// How many items (identifiers, clock reads, strings) one burst makes.
    public let itemsPerBurst: Int
    /// How many bursts are measured.
    public let bursts: Int
    /// How many bursts run unmeasured first.
    public let warmupBursts: Int
    /// How long to pause before each burst, in milliseconds: 0 for cases that make no
    /// identifiers.
    public let pauseMilliseconds: Int

    private let body: @Sendable () throws -> BurstOutcome
    private let timestampOfID: (@Sendable (Int64) -> Int64)?

    /// Makes a case.
    ///
    /// - Parameters:
    ///   - timestampOfID: Reads an identifier's timestamp in milliseconds since 1970, for
    ///     cases that make identifiers; the drift is that timestamp minus the clock.
    ///   - body: Runs one burst and times its own work.
    init(
        key: String, name: String, group: BenchGroup, threads: Int = 1, itemsPerBurst: Int,
        scale: BenchScale, bursts: Int? = nil, warmupBursts: Int? = nil, pauses: Bool,
        timestampOfID: (@Sendable (Int64) -> Int64)? = nil,
        body: @escaping @Sendable () throws -> BurstOutcome
    ) {
        self.key = key
        self.name = name
        self.group = group
        self.threads = threads
        self.itemsPerBurst = itemsPerBurst
        self.bursts = bursts ?? scale.bursts
        self.warmupBursts = warmupBursts ?? scale.warmupBursts
        self.pauseMilliseconds = pauses ? scale.pauseMilliseconds : 0
        self.timestampOfID = timestampOfID
        self.body = body
    }

    /// Waits the case's pause; call it before every burst, outside the measurement.
    public func pauseBeforeBurst() {
        Stopwatch.pause(milliseconds: pauseMilliseconds)
    }

    /// Runs one burst.
    ///
    /// - Throws: A ``MiniFlake/FlakeError`` or parse error from the code being measured.
    public func runBurst() throws -> BurstOutcome {
        try body()
    }

    /// How far the timestamp of a burst's last identifier is ahead of the precise clock now,
    /// in milliseconds (negative when behind), or `nil` for cases that make no identifiers.
    public func driftMilliseconds(after outcome: BurstOutcome) -> Int64? {
        guard let timestampOfID, let lastID = outcome.lastID else { return nil }
        return timestampOfID(lastID) - RealtimeClock.milliseconds()
    }
}
