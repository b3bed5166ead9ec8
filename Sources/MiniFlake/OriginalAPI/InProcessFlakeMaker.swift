/// A ``FlakeMaker`` whose instance number comes from a process-wide pool.
///
/// Each one takes a free instance number, chosen at random among the free ones, and gives it
/// back when it is deinitialized. Generators made this way never share a number within one
/// process. Across processes or hosts they can; use a lease for that.
///
/// ```swift
/// guard let maker = InProcessFlakeMaker() else { return }   // nil when all 1024 are taken
/// let id = maker.nextValue()
/// ```
public final class InProcessFlakeMaker: FlakeMaker, @unchecked Sendable {
    /// How many MiniFlake-layout instance numbers (of 1024) are still free in this process.
    public static var instancesAvailable: Int {
        InstanceNumberPool.available(instanceBits: FlakeLayout.miniFlake.instanceBits)
    }

    /// Makes a MiniFlake-layout generator with a free instance number, or returns `nil` when
    /// all 1024 are in use, as the original MiniFlake's initializer did.
    public init?() {
        let layout = FlakeLayout.miniFlake
        guard let number = InstanceNumberPool.take(instanceBits: layout.instanceBits) else { return nil }
        super.init(
            checkedInstance: number, layout: layout, clock: .system, maximumLeadTicks: 1000,
            lastIssuedTick: nil)
    }

    /// Makes a generator with a free instance number of the layout's pool.
    ///
    /// A layout with more than 16 instance bits draws from the numbers `0..<65536`.
    ///
    /// - Throws: ``FlakeError/Code/instancePoolExhausted`` when every number is taken,
    ///   and the errors of ``FlakeMaker/init(instance:layout:clock:maximumLead:lastIssuedTick:)``.
    public init(
        layout: FlakeLayout,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1)
    ) throws(FlakeError) {
        let leadTicks = try Self.leadTicks(for: maximumLead, layout: layout)
        guard let number = InstanceNumberPool.take(instanceBits: layout.instanceBits) else {
            throw .instancePoolExhausted(capacity: InstanceNumberPool.capacity(instanceBits: layout.instanceBits))
        }
        super.init(
            checkedInstance: number, layout: layout, clock: clock, maximumLeadTicks: leadTicks,
            lastIssuedTick: nil)
    }

    deinit {
        InstanceNumberPool.release(instanceNumber, instanceBits: layout.instanceBits)
    }
}
