extension FlakeMaker {
    /// The maximum lead in ticks for a layout, without making a generator: `maximumLead`
    /// rounded down to whole ticks, checked against what the generator's state word can hold.
    ///
    /// - Parameters:
    ///   - maximumLead: How far ahead of the clock a burst may run.
    ///   - layout: The identifier layout.
    /// - Throws: ``FlakeError/Code/maximumLeadOutOfRange`` for a lead the layout
    ///   cannot hold (more than 2046 ticks for 41-bit timestamps with 12-bit sequences), or a
    ///   negative one.
    package static func leadTicks(for maximumLead: Duration, layout: FlakeLayout) throws(FlakeError) -> Int64 {
        let ticks = maximumLead.milliseconds() / layout.tickMilliseconds
        let maximum = largestLeadTicks(layout: layout)
        guard (0...maximum).contains(ticks) else {
            throw .maximumLeadOutOfRange(ticks: ticks, maximum: maximum)
        }
        return ticks
    }

    /// The largest batch a generator with this layout and maximum lead accepts, without making
    /// one: as many identifiers as fit in the maximum lead plus the current tick.
    ///
    /// - Parameters:
    ///   - layout: The identifier layout.
    ///   - maximumLead: How far ahead of the clock a burst may run; 1 second by default.
    /// - Throws: The errors of ``leadTicks(for:layout:)``.
    package static func maximumBatchCount(
        layout: FlakeLayout, maximumLead: Duration = .seconds(1)
    ) throws(FlakeError) -> Int {
        maximumBatchCount(
            sequenceBits: layout.sequenceBits, maximumLeadTicks: try leadTicks(for: maximumLead, layout: layout))
    }

    /// The largest lead the state word holds for a layout: its bits above the counter, less
    /// one value, since a lead of all ones marks a closed window (2046 ticks for MiniFlake's).
    package static func largestLeadTicks(layout: FlakeLayout) -> Int64 {
        let room = 64 - layout.timestampBits - layout.sequenceBits
        return room >= 63 ? .max - 1 : (1 << Int64(room)) - 2
    }

    /// `(maximumLeadTicks + 1) << sequenceBits`, or `Int.max` when that does not fit.
    package static func maximumBatchCount(sequenceBits: Int, maximumLeadTicks: Int64) -> Int {
        let perTick = Int64(1) << Int64(sequenceBits)
        let (product, overflow) = (maximumLeadTicks + 1).multipliedReportingOverflow(by: perTick)
        return overflow || product > Int64(Int.max) ? Int.max : Int(product)
    }
}
