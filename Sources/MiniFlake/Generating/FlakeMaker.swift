import Synchronization

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
/// where that timestamp's millisecond ends, which changes once per millisecond).
///
/// ```swift
/// let maker = try FlakeMaker(instance: 7)
/// let id = try maker.next()                  // one FlakeID
/// let ids = try maker.next(count: 1000)      // 1000 consecutive IDs, one atomic step
/// ```
///
/// Identifiers from one generator are unique and strictly increasing whatever the clock does:
/// - **More IDs than the sequence holds in one tick** (4096 per millisecond by default): the
///   sequence carries into the next tick, so the generator runs ahead of the clock. It may run
///   at most ``maximumLeadTicks`` ahead; past that it waits for the clock, or throws
///   ``FlakeError/leadLimitReached(leadTicks:maximumLeadTicks:)`` if its ``leadPolicy`` says
///   so.
/// - **The clock stands still or steps back**: the generator carries on from the last
///   identifier it issued, treating the latest time it has seen as "now", so the lead bound
///   still applies to that time and a step back of an hour does not stop it.
/// - **The layout runs out of time** (late 2087 by default): it throws
///   ``FlakeError/timestampOverflow(tick:maximumTick:)`` and never returns a wrapped value.
///
/// Identifiers from different generators are unique only if their instance numbers differ.
/// ``InProcessFlakeMaker`` hands out distinct numbers within one process.
public class FlakeMaker: @unchecked Sendable {
    // @unchecked: the class is not final only so that `InProcessFlakeMaker` can be passed
    // where the original MiniFlake API expects a `FlakeMaker`. All stored properties are
    // immutable and Sendable, or atomic.

    /// What the synchronous ``next()`` does when the next identifier would run too far ahead of
    /// the clock. (`try await next()` always suspends instead, and ``nextImmediately()`` always
    /// throws at once, whatever the policy.)
    public enum LeadPolicy: Sendable, Hashable {
        /// Wait (sleeping in short steps) until the clock catches up. The default.
        case wait
        /// Throw ``FlakeError/leadLimitReached(leadTicks:maximumLeadTicks:)`` at once; for
        /// callers that would rather shed load than block a thread.
        case fail
    }

    /// How the generator's identifiers are laid out.
    public final let layout: FlakeLayout
    /// The instance number in every identifier this generator makes.
    public final let instanceNumber: Int
    /// Where the generator reads the time.
    public final let clock: FlakeClock
    /// How many ticks the generator may run ahead of the latest time it has read.
    public final let maximumLeadTicks: Int64
    /// What the generator does when it would run further ahead.
    public final let leadPolicy: LeadPolicy

    /// The last identifier issued, as `lead << counterBits | tick << sequenceBits | sequence`,
    /// where `lead` is how far that tick is ahead of the latest clock reading seen. (The hot
    /// path uses masking shifts, `&<<`, because every shift amount here is below 64.)
    @usableFromInline final let state: Atomic<UInt64>
    /// Where the last identifier's tick ends, as a packed reading (see
    /// ``packedReading(_:_:)``), for ``reserveOne()``; 0 until it is known. It may lag the
    /// state word, which only slows the short path down, and never runs ahead of it: it is
    /// stored (releasing) after the state word has reached the tick, and loaded (acquiring)
    /// before the word is read.
    @usableFromInline final let lastTickEnd: Atomic<UInt64>
    @usableFromInline final let sequenceBits: UInt64
    @usableFromInline final let counterBits: UInt64
    @usableFromInline final let counterMask: UInt64
    @usableFromInline final let epoch: Int64
    /// Whether ``reserveOne()`` may take its short path: a system clock, 1 ms ticks, and an
    /// epoch and a layout's end that fit in nanoseconds since 1970 (until 2262).
    @usableFromInline final let hasShortPath: Bool
    /// The first of the clock's seconds (since 1970) in which ``reserveOne()`` may issue from
    /// the last identifier's tick, and how many there are: after the epoch's second, and before
    /// 2262. (Two numbers, not a `Range`, whose `count` would check its bounds on every call.)
    @usableFromInline final let shortPathFirstSecond: UInt64
    @usableFromInline final let shortPathSecondCount: UInt64
    /// Masks the state word down to its lead and its sequence number.
    @usableFromInline final let sameTickMask: UInt64
    @usableFromInline final let maximumTick: Int64
    @usableFromInline final let composer: FlakeComposer

    /// Makes a generator.
    ///
    /// - Parameters:
    ///   - instance: This generator's instance number, unique among all generators whose
    ///     identifiers may meet; `0...layout.maximumInstanceNumber`.
    ///   - layout: The identifier layout; MiniFlake's by default.
    ///   - clock: Where the time comes from; the precise system clock by default.
    ///   - maximumLead: How far ahead of the clock a burst may run; 1 second by default.
    ///     Rounded down to whole ticks; at most what the layout leaves room for (2047 ticks
    ///     for 41-bit timestamps with 12-bit sequences).
    ///   - leadPolicy: Wait for the clock (the default) or throw when the lead is used up.
    ///   - lastIssuedTick: A tick this generator must stay above, such as the highest tick a
    ///     previous process with the same instance number issued (a lease's high-water mark).
    /// - Throws: ``FlakeError/fieldOutOfRange(_:value:maximum:)`` for an instance number or a
    ///   tick that does not fit, ``FlakeError/maximumLeadOutOfRange(ticks:maximum:)`` for a
    ///   lead the layout cannot hold.
    public convenience init(
        instance: Int,
        layout: FlakeLayout = .miniFlake,
        clock: FlakeClock = .system,
        maximumLead: Duration = .seconds(1),
        leadPolicy: LeadPolicy = .wait,
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
            leadPolicy: leadPolicy, lastIssuedTick: lastIssuedTick)
    }

    /// Makes a MiniFlake-layout generator the way the original MiniFlake did.
    ///
    /// Kept so that code written for the original compiles unchanged. Like the original, it
    /// wraps an out-of-range instance number modulo 1024 (so `1025` becomes `1` and `-1`
    /// becomes `1023`), which can silently give two generators the same number. New code
    /// should call ``init(instance:layout:clock:maximumLead:leadPolicy:lastIssuedTick:)``,
    /// which throws instead.
    public convenience init(instanceNumber: Int) {
        let count = FlakeLayout.miniFlake.instanceCount
        self.init(
            checkedInstance: (instanceNumber % count + count) % count, layout: .miniFlake,
            clock: .system, maximumLeadTicks: 1000, leadPolicy: .wait, lastIssuedTick: nil)
    }

    init(
        checkedInstance instance: Int,
        layout: FlakeLayout,
        clock: FlakeClock,
        maximumLeadTicks: Int64,
        leadPolicy: LeadPolicy,
        lastIssuedTick: Int64?
    ) {
        self.layout = layout
        self.instanceNumber = instance
        self.clock = clock
        self.maximumLeadTicks = maximumLeadTicks
        self.leadPolicy = leadPolicy
        self.sequenceBits = UInt64(layout.sequenceBits)
        self.counterBits = UInt64(layout.timestampBits + layout.sequenceBits)
        self.counterMask = (1 << counterBits) - 1
        self.epoch = layout.epochMillisecondsSince1970
        self.maximumTick = layout.maximumTick
        let (lastTick, overflow) = epoch.addingReportingOverflow(layout.maximumTick)
        self.hasShortPath =
            layout.tickMilliseconds == 1 && clock.source != .custom && epoch >= 0 && !overflow
            && lastTick < 9_223_372_036_854
        self.shortPathFirstSecond = hasShortPath ? UInt64(epoch) / 1000 + 1 : 0
        self.shortPathSecondCount = hasShortPath ? 9_223_372_036 - shortPathFirstSecond : 0
        self.sameTickMask = ~counterMask | UInt64(layout.maximumSequence)
        self.composer = FlakeComposer(layout: layout, instanceNumber: instance)
        // "Nothing issued yet" is counter 0; a tick to resume after is its last sequence.
        var initial: UInt64 = 0
        if let lastIssuedTick {
            initial = UInt64(lastIssuedTick) << UInt64(layout.sequenceBits) | UInt64(layout.maximumSequence)
        }
        self.state = Atomic(initial)
        self.lastTickEnd = Atomic(0)
    }

    /// The largest batch ``next(count:)`` accepts: as many identifiers as fit in the maximum
    /// lead plus the current tick.
    public final var maximumBatchCount: Int {
        let perTick = Int64(1) << Int64(sequenceBits)
        let (product, overflow) = (maximumLeadTicks + 1).multipliedReportingOverflow(by: perTick)
        return overflow || product > Int64(Int.max) ? Int.max : Int(product)
    }

    /// The tick of the last identifier issued (or the tick the generator was told to resume
    /// after), or `nil` when it has issued none. A lease stores it as its high-water mark.
    public final var lastIssuedTick: Int64? {
        let counter = state.load(ordering: .relaxed) & counterMask
        return counter == 0 ? nil : Int64(counter >> sequenceBits)
    }

    /// Makes the next identifier.
    ///
    /// - Throws: ``FlakeError/timestampOverflow(tick:maximumTick:)`` when the layout has run
    ///   out of time, ``FlakeError/clockBeforeEpoch(millisecondsSince1970:epochMillisecondsSince1970:)``
    ///   when the clock reads a time before the layout's epoch, and
    ///   ``FlakeError/leadLimitReached(leadTicks:maximumLeadTicks:)`` under
    ///   ``LeadPolicy/fail``.
    @inlinable @inline(__always)
    public final func next() throws(FlakeError) -> FlakeID {
        FlakeID(unchecked: composer.rawValue(counter: try reserveOne()))
    }

    /// Makes `count` consecutive identifiers with one clock read and one atomic step.
    ///
    /// The batch is a collection that computes each identifier when it is read; it holds no
    /// array. Its identifiers are unique, increasing, and below every identifier the generator
    /// makes afterwards. A batch larger than one tick's sequence runs the generator ahead of
    /// the clock, within the maximum lead.
    ///
    /// - Parameter count: How many identifiers, `1...maximumBatchCount`.
    /// - Throws: ``FlakeError/batchCountOutOfRange(_:maximum:)`` and the errors of ``next()``.
    public final func next(count: Int) throws(FlakeError) -> FlakeIDBatch {
        let maximum = maximumBatchCount
        guard (1...maximum).contains(count) else {
            throw .batchCountOutOfRange(count, maximum: maximum)
        }
        return FlakeIDBatch(firstCounter: try reserve(UInt64(count)), count: count, composer: composer)
    }

    /// Makes the next identifier as an `Int64`, as the original MiniFlake did.
    ///
    /// This cannot throw, to keep the original API. When ``next()`` would throw (the layout
    /// has run out of time in 2087, or the clock reads a time before 2018) it stops the
    /// process with a message saying so, rather than return an identifier that could repeat.
    /// Call ``next()`` to handle those cases.
    @inlinable @inline(__always)
    public final func nextValue() -> Int64 {
        do {
            return try next().rawValue
        } catch {
            fatalError("MiniFlake: nextValue() cannot make an ID: \(error). Call next(), which throws.")
        }
    }

    /// Reserves `count` consecutive counters and returns the first. Out of line: it is the
    /// single-ID slow path, and a batch's one step.
    @usableFromInline @inline(never)
    final func reserve(_ count: UInt64) throws(FlakeError) -> UInt64 {
        try reserve(count, now: try currentTick())
    }

    /// Reserves `count` consecutive counters, given a tick just read from the clock (within the
    /// layout's range), and returns the first.
    @usableFromInline
    final func reserve(_ count: UInt64, now tick: Int64) throws(FlakeError) -> UInt64 {
        try reserve(count, now: tick, waiting: leadPolicy == .wait)
    }

    /// Reserves `count` consecutive counters as ``reserve(_:now:)`` does; when the lead is used
    /// up it waits for the clock only if `waiting` is `true`, and throws
    /// ``FlakeError/leadLimitReached(leadTicks:maximumLeadTicks:)`` otherwise.
    final func reserve(_ count: UInt64, now tick: Int64, waiting: Bool) throws(FlakeError) -> UInt64 {
        var now = tick
        var old = state.load(ordering: .relaxed)
        while true {
            let oldCounter = old & counterMask
            // The latest clock reading any identifier so far has seen, and now this one.
            let latestSeen = Swift.max(Int64(oldCounter &>> sequenceBits) - Int64(old &>> counterBits), now)
            let first = Swift.max(oldCounter &+ 1, UInt64(now) &<< sequenceBits)
            let last = first &+ (count &- 1)
            let lastTick = Int64(last &>> sequenceBits)
            guard lastTick <= maximumTick else {
                throw .timestampOverflow(tick: lastTick, maximumTick: maximumTick)
            }
            let lead = lastTick - latestSeen
            if lead > maximumLeadTicks {
                if !waiting {
                    throw .leadLimitReached(leadTicks: lead, maximumLeadTicks: maximumLeadTicks)
                }
                now = try waitForClock(toReach: lastTick - maximumLeadTicks)
                old = state.load(ordering: .relaxed)
                continue
            }
            let desired = UInt64(lead) &<< counterBits | last
            let (exchanged, original) = state.compareExchange(
                expected: old, desired: desired, ordering: .relaxed)
            if exchanged { return first }
            old = original
        }
    }

    /// Reads the clock as ticks since the epoch, refusing readings the layout cannot hold.
    @inlinable @inline(__always)
    final func currentTick() throws(FlakeError) -> Int64 {
        try layout.currentTick(of: clock)
    }

    /// Sleeps in short steps until the clock reads at least `target`, and returns the reading.
    @usableFromInline
    final func waitForClock(toReach target: Int64) throws(FlakeError) -> Int64 {
        while true {
            let now = try currentTick()
            if now >= target { return now }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
            nanosleep(&pause, nil)
        }
    }
}
