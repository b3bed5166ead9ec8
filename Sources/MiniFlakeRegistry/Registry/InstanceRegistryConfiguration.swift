import MiniFlake

/// What an ``InstanceRegistry`` hands out and when it may reuse a number.
public struct InstanceRegistryConfiguration: Sendable {
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

    /// Makes configuration.
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
    package var reuseHorizonMilliseconds: Int64 {
        max(0, reuseHorizon.milliseconds())
    }
}
