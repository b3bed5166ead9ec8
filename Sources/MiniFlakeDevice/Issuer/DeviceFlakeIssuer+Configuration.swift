import MiniFlake
import MiniFlakeSupport

extension DeviceFlakeIssuer {
    /// How a ``DeviceFlakeIssuer`` issues and keeps its state.
    public struct Configuration: Sendable {
        /// The layout of the identifiers; MiniFlake's by default.
        public var layout: FlakeLayout
        /// Where the identifiers' timestamps come from; the system clock by default.
        public var clock: FlakeClock
        /// The most time one reservation of the mark covers; one second by default. Reservations
        /// are sized by demand: 1/250 of this (4 ms of the default) when the issuer opens and after
        /// a pause, doubling while identifiers are drawn quickly, so a steady stream writes the
        /// state file (one `fsync`) about once per this much of identifiers' time, never per
        /// identifier, and a process killed after a few identifiers leaves the mark only a few
        /// milliseconds past the clock. Rounded down to whole ticks of the layout, at least one.
        public var reservation: Duration
        /// How far the stored mark may be ahead of the clock before the issuer treats the clock as
        /// having been far ahead (or set back) and leaves its number for a fresh one, rather than
        /// issue that far ahead or wait; 10 minutes by default. Within it, the issuer issues from
        /// the mark, a little ahead of the clock.
        public var maximumMarkLead: Duration
        /// How long a change of state waits for the directory lock, polling; 200 ms by default.
        /// Past it, making an issuer throws ``DeviceStateError/Code/directoryBusy`` and issuing a
        /// retryable `FlakeError` (`reservation_pending`).
        public var lockWaitLimit: Duration
        /// 64 random bits per call, for installation names and provisional numbers; the system's
        /// generator by default. Tests inject a seeded one.
        public var randomBits: @Sendable () -> UInt64
        /// Starts the issuer's background work (the reservation ahead) and says whether it
        /// started; a thread of its own (`BlockingThread`) by default. A simulation queues the
        /// work and runs it when its schedule says, so one seed is one schedule.
        package var startBackgroundWork: @Sendable (_ work: @escaping @Sendable () -> Void) -> Bool = {
            BlockingThread.detach($0)
        }
        /// For simulations: asked after each step of every state write; `true` ends the write
        /// there, as the process's death would, and the call throws. `nil` by default.
        package var dyingAfterStateWriteStep: (@Sendable (AtomicWriteStep) -> Bool)?

        /// Makes a configuration; every argument has a default.
        public init(
            layout: FlakeLayout = .miniFlake,
            clock: FlakeClock = .system,
            reservation: Duration = .seconds(1),
            maximumMarkLead: Duration = .seconds(600),
            lockWaitLimit: Duration = .milliseconds(200),
            randomBits: @escaping @Sendable () -> UInt64 = {
                var generator = SystemRandomNumberGenerator()
                return generator.next()
            }
        ) {
            self.layout = layout
            self.clock = clock
            self.reservation = reservation
            self.maximumMarkLead = maximumMarkLead
            self.lockWaitLimit = lockWaitLimit
            self.randomBits = randomBits
        }

        /// ``maximumMarkLead`` in whole ticks of the layout, at least 1.
        var maximumMarkLeadTicks: Int64 {
            max(1, min(maximumMarkLead.milliseconds(), .max / 2) / layout.tickMilliseconds)
        }

        /// ``reservation`` in whole ticks, kept within 1 and a quarter of the layout's time.
        var windowTicks: Int64 {
            let ticks = min(reservation.milliseconds(), .max / 2) / layout.tickMilliseconds
            return min(max(1, ticks), max(1, layout.maximumTick / 4))
        }
    }
}
