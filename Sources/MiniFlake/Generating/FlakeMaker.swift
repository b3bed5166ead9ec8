#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread-safe, lock-free generator of unique, increasing ``FlakeID``s.
///
/// One generator may be shared by any number of threads and tasks. Each identifier costs one
/// clock read and one atomic compare-and-swap on a single 64-bit word that holds the last
/// timestamp and sequence number issued (with the system clocks, also a plain atomic read of
/// where that timestamp's millisecond ends, which changes once per millisecond). A burst that
/// has carried the generator further ahead of the precise clock than the coarse clock may lag
/// (Linux) reads only the coarse clock, which is about four times cheaper.
///
/// ```swift
/// let maker = try FlakeMaker(instance: 7)
/// let id = try maker.nextBlocking()               // one FlakeID; blocks only past the lead
/// let ids = try maker.nextBlocking(count: 1000)   // 1000 consecutive IDs, one atomic step
/// let next = try await maker.next()               // in async code: suspends instead
/// ```
///
/// Identifiers from one generator are unique and strictly increasing whatever the clock does:
/// - **More IDs than the sequence holds in one tick** (4096 per millisecond by default): the
///   sequence carries into the next tick, so the generator runs ahead of the clock. It may run
///   at most ``maximumLead`` ahead; past that the synchronous ``nextBlocking()`` waits for the
///   clock, ``nextImmediately()`` throws a retryable `lead_limit_reached`, and
///   `try await next()` suspends.
/// - **The clock stands still or steps back**: the generator carries on from the last
///   identifier it issued, treating the latest time it has seen as "now", so the lead bound
///   still applies to that time and a step back of an hour does not stop it.
/// - **The layout runs out of time** (late 2087 by default): it throws
///   ``FlakeError/Code/timestampOverflow`` and never returns a wrapped value.
///
/// Identifiers from different generators are unique only if their instance numbers differ.
/// ``InProcessFlakeMaker`` hands out distinct numbers within one process; the leased and
/// device issuers of `MiniFlakeLease` and `MiniFlakeDevice` are this same generator, run
/// inside a window of ticks that a lease or a stored mark covers.
public class FlakeMaker: @unchecked Sendable {
    // @unchecked: the class is not final only so that `InProcessFlakeMaker` can be passed
    // where the original MiniFlake API expects a `FlakeMaker`. All stored properties are
    // immutable and Sendable, or atomic.

    /// How the generator's identifiers are laid out.
    public final let layout: FlakeLayout
    /// Where the generator reads the time.
    public final let clock: FlakeClock
    /// How many ticks the generator may run ahead of the latest time it has read.
    @usableFromInline package final let maximumLeadTicks: Int64

    /// The last identifier issued, as `lead << counterBits | tick << sequenceBits | sequence`,
    /// where `lead` is how far that tick is ahead of the latest clock reading seen; a lead of
    /// all ones (``closedLead``) means no window is open. (The hot path uses masking shifts,
    /// `&<<`, because every shift amount here is below 64.)
    @usableFromInline final let state: AtomicWord<UInt64>
    /// Where the last identifier's tick ends, as a packed reading (see
    /// ``packedReading(_:_:)``), for ``shortPathRawValue()``; 0 until it is known. It may lag
    /// the state word, which only slows the short path down, and never runs ahead of it: it is
    /// stored (releasing) after the state word has reached the tick, and loaded (acquiring)
    /// before the word is read.
    @usableFromInline final let lastTickEnd: AtomicWord<UInt64>
    /// The window's instance number, shifted into place. Written only while the window is
    /// closed, read after the state word (see `FlakeMaker+Window.swift`).
    @usableFromInline final let instanceField: AtomicWord<UInt64>
    /// The window's ceiling: the first tick the generator may not issue at.
    @usableFromInline final let ceilingTick: AtomicWord<Int64>
    /// The elapsed-clock millisecond from which the window may not issue; `Int64.max` for none.
    @usableFromInline final let deadline: AtomicWord<Int64>
    /// How many window changes are under way (`FlakeMaker+Window.swift`): one at most, since
    /// the issuers change the window under their lock.
    final let windowChangesUnderWay: AtomicWord<Int>
    /// How many window changes found another under way: 0 unless an issuer breaks the rule.
    final let windowChangeOverlaps: AtomicWord<Int>
    @usableFromInline final let sequenceBits: UInt64
    @usableFromInline final let counterBits: UInt64
    @usableFromInline final let counterMask: UInt64
    /// The lead that marks a closed window: every bit of the lead field set.
    @usableFromInline final let closedLead: UInt64
    @usableFromInline final let epoch: Int64
    /// Whether ``shortPathRawValue()`` issues inline: a system clock, 1 ms ticks, and an epoch
    /// and a layout's end that fit in nanoseconds since 1970 (until 2262).
    @usableFromInline final let hasShortPath: Bool
    /// Whether the same short path issues, out of line, for a custom clock (a
    /// ``ManualFlakeClock`` in the tests): 1 ms ticks, and the same epoch and end.
    final let hasCustomClockShortPath: Bool
    /// The first of the clock's seconds (since 1970) in which ``shortPathRawValue()`` may
    /// issue, and how many there are: after the epoch's second, and before 2262. (Two numbers,
    /// not a `Range`, whose `count` would check its bounds on every call.)
    @usableFromInline final let shortPathFirstSecond: UInt64
    @usableFromInline final let shortPathSecondCount: UInt64
    /// How far the coarse clock may lag the precise one, in ticks, for ``aheadRawValue(_:)``;
    /// -1 when there is no coarse clock to ask (not Linux, or this clock is the coarse one).
    /// A custom clock with a coarse companion (the tests') has its companion's lag.
    @usableFromInline final let coarseLagTicks: Int64
    /// The coarse real-time clock, which ``aheadRawValue(_:)`` reads when ``coarseLagTicks``
    /// is not -1.
    @usableFromInline final let coarseClockID: clockid_t
    @usableFromInline final let maximumTick: Int64
    /// Places a counter's tick and sequence; the instance field is ORed in separately.
    @usableFromInline final let composer: FlakeComposer

    /// Makes a generator.
    ///
    /// - Parameters:
    ///   - instance: This generator's instance number, unique among all generators whose
    ///     identifiers may meet; `0...layout.maximumInstanceNumber`.
    ///   - layout: The identifier layout; MiniFlake's by default.
    ///   - clock: Where the time comes from; the precise system clock by default.
    ///   - maximumLead: How far ahead of the clock a burst may run; 1 second by default.
    ///     Rounded down to whole ticks; at most what the layout leaves room for (2046 ticks
    ///     for 41-bit timestamps with 12-bit sequences).
    ///   - lastIssuedTick: A tick this generator must stay above, such as the highest tick a
    ///     previous process with the same instance number issued (a lease's high-water mark).
    /// - Throws: ``FlakeError/Code/instanceOutOfRange`` or ``FlakeError/Code/timestampOutOfRange``
    ///   for an instance number or a tick that does not fit, ``FlakeError/Code/maximumLeadOutOfRange`` for a
    ///   lead the layout cannot hold.
    public convenience init(
        instance: Int,
        layout: FlakeLayout = .miniFlake,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        lastIssuedTick: Int64? = nil
    ) throws(FlakeError) {
        guard (0...layout.maximumInstanceNumber).contains(instance) else {
            throw .fieldOutOfRange(
                .instanceNumber, value: Int64(instance), maximum: Int64(layout.maximumInstanceNumber))
        }
        if let lastIssuedTick, !(0...layout.maximumTick).contains(lastIssuedTick) {
            throw .fieldOutOfRange(.timestamp, value: lastIssuedTick, maximum: layout.maximumTick)
        }
        self.init(
            checkedInstance: instance, layout: layout, clock: clock,
            maximumLeadTicks: try Self.leadTicks(for: maximumLead, layout: layout),
            lastIssuedTick: lastIssuedTick)
    }

    /// Makes a MiniFlake-layout generator the way the original MiniFlake did.
    ///
    /// Kept so that code written for the original compiles unchanged. Like the original, it
    /// wraps an out-of-range instance number modulo 1024 (so `1025` becomes `1` and `-1`
    /// becomes `1023`), which can silently give two generators the same number. New code
    /// should call ``init(instance:layout:clock:maximumLead:lastIssuedTick:)``, which throws
    /// instead.
    public convenience init(instanceNumber: Int) {
        let count = FlakeLayout.miniFlake.instanceCount
        self.init(
            checkedInstance: (instanceNumber % count + count) % count, layout: .miniFlake,
            clock: .system, maximumLeadTicks: 1000, lastIssuedTick: nil)
    }

    /// Makes a generator with a checked instance number and lead, open from the start, with
    /// the layout's end as its ceiling and no deadline.
    init(
        checkedInstance instance: Int,
        layout: FlakeLayout,
        clock: FlakeClock,
        maximumLeadTicks: Int64,
        lastIssuedTick: Int64?
    ) {
        self.layout = layout
        self.clock = clock
        self.maximumLeadTicks = maximumLeadTicks
        self.sequenceBits = UInt64(layout.sequenceBits)
        self.counterBits = UInt64(layout.timestampBits + layout.sequenceBits)
        self.counterMask = (1 << counterBits) - 1
        self.closedLead = UInt64.max &>> counterBits
        self.epoch = layout.epochMillisecondsSince1970
        self.maximumTick = layout.maximumTick
        let (lastTick, overflow) = epoch.addingReportingOverflow(layout.maximumTick)
        let shortPathFits = layout.tickMilliseconds == 1 && epoch >= 0 && !overflow && lastTick < 9_223_372_036_854
        self.hasShortPath = shortPathFits && clock.source != .custom
        self.hasCustomClockShortPath = shortPathFits && clock.source == .custom
        self.shortPathFirstSecond = shortPathFits ? UInt64(epoch) / 1000 + 1 : 0
        self.shortPathSecondCount = shortPathFits ? 9_223_372_036 - shortPathFirstSecond : 0
        let coarse = FlakeClock.coarse
        let asksCoarse = hasShortPath && clock.source == .realtime && coarse.source == .coarseRealtime
        // A custom clock with a coarse companion (the tests') drives the same branch.
        let asksCompanion = hasCustomClockShortPath && clock.coarseCompanion != nil
        self.coarseLagTicks =
            asksCoarse ? coarse.maximumLagMilliseconds : asksCompanion ? clock.coarseCompanionLagMilliseconds : -1
        self.coarseClockID = coarse.clockID
        self.composer = FlakeComposer(layout: layout, instanceNumber: 0)
        // "Nothing issued yet" is counter 0; a tick to resume after is its last sequence.
        var initial: UInt64 = 0
        if let lastIssuedTick {
            initial = UInt64(lastIssuedTick) << UInt64(layout.sequenceBits) | UInt64(layout.maximumSequence)
        }
        self.state = AtomicWord(initial)
        self.lastTickEnd = AtomicWord(UInt64(0))
        self.instanceField = AtomicWord(UInt64(instance) << UInt64(layout.instanceShift))
        self.ceilingTick = AtomicWord(layout.maximumTick + 1)
        self.deadline = AtomicWord(Int64.max)
        self.windowChangesUnderWay = AtomicWord(0)
        self.windowChangeOverlaps = AtomicWord(0)
    }

    /// How far the generator may run ahead of the latest time it has read: the `maximumLead`
    /// it was made with, rounded down to whole ticks.
    public final var maximumLead: Duration {
        .milliseconds(maximumLeadTicks * layout.tickMilliseconds)
    }

    /// The instance number in the identifiers this generator makes (for an issuer's
    /// generator, the one its window was last opened with).
    public final var instanceNumber: Int {
        Int(instanceField.load(ordering: .relaxed) >> UInt64(layout.instanceShift))
    }

    /// The largest batch ``nextBlocking(count:)`` accepts: as many identifiers as fit in the maximum
    /// lead plus the current tick.
    public final var maximumBatchCount: Int {
        Self.maximumBatchCount(sequenceBits: Int(sequenceBits), maximumLeadTicks: maximumLeadTicks)
    }

    /// The tick of the last identifier issued (or the tick the generator was told to resume
    /// after), or `nil` when it has issued none. A lease stores it as its high-water mark.
    public final var lastIssuedTick: Int64? {
        let counter = state.load(ordering: .relaxed) & counterMask
        return counter == 0 ? nil : Int64(counter >> sequenceBits)
    }

    /// Makes the next identifier; when the generator is as far ahead of the clock as it may
    /// run, it blocks the thread until the clock catches up. In async code call
    /// `try await next()`, which suspends instead, or ``nextImmediately()``, which throws.
    ///
    /// - Throws: ``FlakeError/Code/timestampOverflow`` when the layout has run
    ///   out of time, and ``FlakeError/Code/clockBeforeEpoch``
    ///   when the clock reads a time before the layout's epoch.
    @inlinable @inline(__always)
    @available(*, noasync, message: "it may block the thread; use 'try await next()' or 'nextImmediately()'")
    public final func nextBlocking() throws(FlakeError) -> FlakeID {
        let rawValue = shortPathRawValue()
        if rawValue >= 0 { return FlakeID(unchecked: rawValue) }
        return try nextOnFullPath(waiting: true)
    }

    /// Makes `count` consecutive identifiers with one clock read and one atomic step, blocking
    /// like ``nextBlocking()`` when the batch would run too far ahead of the clock.
    ///
    /// The batch is a collection that computes each identifier when it is read; it holds no
    /// array. Its identifiers are unique, increasing, and below every identifier the generator
    /// makes afterwards. A batch larger than one tick's sequence runs the generator ahead of
    /// the clock, within the maximum lead.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeError/Code/batchCountOutOfRange`` and the errors of ``nextBlocking()``.
    @available(
        *, noasync, message: "it may block the thread; use 'try await next(count:)' or 'nextImmediately(count:)'"
    )
    public final func nextBlocking(count: Int) throws(FlakeError) -> FlakeIDBatch {
        do throws(FlakeRefusal) {
            return try batch(count, waiting: true)
        } catch {
            throw error.flakeError(maximumTick: maximumTick)
        }
    }

    /// Makes the next identifier as an `Int64`, as the original MiniFlake did; it never stops
    /// the process.
    ///
    /// A clock set before the layout's epoch (a device's date set before March 2018) is taken
    /// as a clock set back, as the original did: the generator carries on from the last
    /// identifier it issued. When no identifier can be made at all (the layout has run out of
    /// time, late 2087 by default, or the clock is set past that), it returns `-1`, which no
    /// ``FlakeID`` has (bit 63 is always clear). Call ``nextBlocking()`` to get a typed error
    /// instead.
    @inlinable @inline(__always)
    @available(*, noasync, message: "it may block the thread; use 'try await next()' or 'nextImmediately()'")
    public final func nextValue() -> Int64 {
        let rawValue = shortPathRawValue()
        return rawValue >= 0 ? rawValue : nextValueOnFullPath()
    }
}
