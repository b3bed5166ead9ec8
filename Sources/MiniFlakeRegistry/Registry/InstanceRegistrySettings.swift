import MiniFlake

/// What an ``InstanceRegistry`` hands out and when it may reuse a number.
public struct InstanceRegistrySettings: Sendable {
    /// The layout whose instance numbers are handed out; MiniFlake's (0...1023) by default.
    public var layout: FlakeLayout
    /// How long a retired number rests before it may be handed out again; 90 days by default.
    ///
    /// A device that was offline when its installation was retired may still upload
    /// identifiers made under the number; the horizon should be longer than devices stay
    /// offline.
    public var reuseHorizon: Duration
    /// Where "now" comes from, for registration, last-seen and retirement times.
    public var clock: FlakeClock

    /// Makes settings.
    ///
    /// - Parameters:
    ///   - layout: The layout whose instance numbers are handed out.
    ///   - reuseHorizon: How long a retired number rests before reuse.
    ///   - clock: Where "now" comes from.
    public init(
        layout: FlakeLayout = .miniFlake,
        reuseHorizon: Duration = .seconds(90 * 86_400),
        clock: FlakeClock = .system
    ) {
        self.layout = layout
        self.reuseHorizon = reuseHorizon
        self.clock = clock
    }

    /// The reuse horizon in whole milliseconds, at least 0.
    public var reuseHorizonMilliseconds: Int64 {
        let (seconds, attoseconds) = reuseHorizon.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        let (total, overflowAgain) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflow || overflowAgain ? Int64.max : total
    }
}
