/// Why an identifier could not be made, or a layout or generator could not be set up.
public enum FlakeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A field of a ``FlakeID``.
    public enum Field: String, Sendable, Hashable {
        /// The timestamp, in ticks since the layout's epoch.
        case timestamp
        /// The sequence number within a tick.
        case sequence
        /// The generator's instance number.
        case instanceNumber = "instance number"
    }

    /// A value does not fit its field; `maximum` is the largest that does (the smallest is 0).
    case fieldOutOfRange(Field, value: Int64, maximum: Int64)
    /// The clock reads a moment before the layout's epoch, so it cannot be trusted.
    case clockBeforeEpoch(millisecondsSince1970: Int64, epochMillisecondsSince1970: Int64)
    /// The next identifier's timestamp would not fit the layout's timestamp field: the layout
    /// has run out of time (late 2087 for ``FlakeLayout/miniFlake``).
    case timestampOverflow(tick: Int64, maximumTick: Int64)
    /// Making the identifiers asked for would run further ahead of the clock than allowed, and
    /// the call does not wait (``FlakeMaker/nextImmediately()``).
    case leadLimitReached(leadTicks: Int64, maximumLeadTicks: Int64)
    /// A batch size outside `1...maximum`.
    case batchCountOutOfRange(Int, maximum: Int)
    /// A maximum lead longer than the generator can track for this layout.
    case maximumLeadOutOfRange(ticks: Int64, maximum: Int64)
    /// Every instance number of the in-process pool is taken.
    case instancePoolExhausted(capacity: Int)
    /// A layout's widths or tick do not make a valid layout.
    case invalidLayout(String)

    /// One line for a person, saying what went wrong.
    public var description: String {
        switch self {
        case .fieldOutOfRange(let field, let value, let maximum):
            "\(field.rawValue) \(value) is out of range 0...\(maximum)"
        case .clockBeforeEpoch(let now, let epoch):
            "the clock reads \(now) ms since 1970, before the layout's epoch \(epoch)"
        case .timestampOverflow(let tick, let maximum):
            "timestamp \(tick) does not fit the layout (at most \(maximum) ticks): it has run out of time"
        case .leadLimitReached(let lead, let maximum):
            "the generator would run \(lead) ticks ahead of the clock, more than the \(maximum) allowed"
        case .batchCountOutOfRange(let count, let maximum):
            "batch size \(count) is out of range 1...\(maximum)"
        case .maximumLeadOutOfRange(let ticks, let maximum):
            "a maximum lead of \(ticks) ticks is out of range 0...\(maximum) for this layout"
        case .instancePoolExhausted(let capacity):
            "all \(capacity) instance numbers of this process are in use"
        case .invalidLayout(let reason):
            "invalid layout: \(reason)"
        }
    }
}
