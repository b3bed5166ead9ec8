import MiniFlake

/// The IDs a backfill must give, worked out one row at a time as a generator would, for
/// checking the set-based SQL against.
package enum BackfillExpectation {
    /// The ID of each creation time, given in the order the rows are numbered in: at the
    /// row's tick with the next sequence number, carried into the next tick when the sequence
    /// runs out.
    package static func ids(
        millisecondsSince1970: [Int64], layout: FlakeLayout, instance: Int
    ) throws -> [FlakeID] {
        var ids: [FlakeID] = []
        ids.reserveCapacity(millisecondsSince1970.count)
        var last: (tick: Int64, sequence: Int)?
        for milliseconds in millisecondsSince1970 {
            let tick = (milliseconds - layout.epochMillisecondsSince1970) / layout.tickMilliseconds
            var next = (tick: tick, sequence: 0)
            if let last, last.tick >= tick {
                next =
                    last.sequence < layout.maximumSequence
                    ? (last.tick, last.sequence + 1) : (last.tick + 1, 0)
            }
            ids.append(try layout.compose(tick: next.tick, sequence: next.sequence, instanceNumber: instance))
            last = next
        }
        return ids
    }
}
