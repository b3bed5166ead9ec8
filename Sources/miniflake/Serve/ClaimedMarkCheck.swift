#if CLI && Server
    import MiniFlake
    import MiniFlakeLease

    /// Says when a number `miniflake serve` claimed carries a high-water mark far ahead of this
    /// machine's clock: its last holder's clock ran ahead, or this one is behind. The issuer
    /// goes on above the mark, so no ID repeats, but its IDs carry the mark's time, and a
    /// burst of more than the maximum lead's worth of full ticks waits (`lead_limit_reached`)
    /// until this clock comes within the lead of them: the log says so, and for how long,
    /// rather than leave a stall unexplained.
    struct ClaimedMarkCheck: Sendable {
        /// The identifiers' layout, whose ticks the mark counts.
        let layout: FlakeLayout
        /// What a claim reserves above the clock in any case: the lease duration plus the
        /// maximum lead.
        let usualLead: Duration
        /// How far beyond ``usualLead`` a mark may sit before the log says so.
        static let tolerance = Duration.seconds(1)

        /// How far the lease's mark is ahead of `nowMillisecondsSince1970` beyond what a claim
        /// reserves, in milliseconds; `nil` when it is not more than ``tolerance`` beyond it.
        func excess(of lease: InstanceLease, nowMillisecondsSince1970 now: Int64) -> Int64? {
            // The issuer refuses a mark outside the layout; within it, nothing here overflows.
            guard let mark = lease.highWaterTick, (0...layout.maximumTick).contains(mark) else { return nil }
            let markTime = layout.epochMillisecondsSince1970 + mark * layout.tickMilliseconds
            let excess = markTime - now - usualLead.milliseconds()
            return excess > Self.tolerance.milliseconds() ? excess : nil
        }

        /// The warning for a lease whose mark is `excess` milliseconds further ahead than a claim
        /// reserves.
        static func message(instanceNumber: Int, excess: Int64) -> String {
            let ahead = ReadableDuration(milliseconds: excess)
            return "instance \(instanceNumber)'s high-water mark is \(ahead) ahead of this machine's clock "
                + "(its last holder's clock ran ahead, or this one is behind): IDs go on above it and carry its time; "
                + "a burst beyond the maximum lead waits for this clock (lead_limit_reached), for up to \(ahead). "
                + "Check this machine's time (NTP)"
        }
    }
#endif
