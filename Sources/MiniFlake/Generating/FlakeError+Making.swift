/// The errors the package makes, each with its code and its one-line message in one place.
extension FlakeError {
    /// A field of an identifier, for ``fieldOutOfRange(_:value:maximum:)``.
    @usableFromInline
    package enum RangedField: String, Sendable {
        case timestamp
        case sequence
        case instanceNumber = "instance number"

        var code: Code {
            switch self {
            case .timestamp: .timestampOutOfRange
            case .sequence: .sequenceOutOfRange
            case .instanceNumber: .instanceOutOfRange
            }
        }
    }

    /// A value does not fit its field; `maximum` is the largest that does (the smallest is 0).
    @usableFromInline
    package static func fieldOutOfRange(_ field: RangedField, value: Int64, maximum: Int64) -> Self {
        Self(field.code, message: "\(field.rawValue) \(value) is out of range 0...\(maximum)")
    }

    /// The clock reads a moment before the layout's epoch.
    @usableFromInline
    package static func clockBeforeEpoch(millisecondsSince1970 now: Int64, epochMillisecondsSince1970 epoch: Int64)
        -> Self
    {
        Self(.clockBeforeEpoch, message: "the clock reads \(now) ms since 1970, before the layout's epoch \(epoch)")
    }

    /// The next identifier's timestamp would not fit the layout: it has run out of time.
    @usableFromInline
    package static func timestampOverflow(tick: Int64, maximumTick: Int64) -> Self {
        Self(
            .timestampOverflow,
            message: "timestamp \(tick) does not fit the layout (at most \(maximumTick) ticks): it has run out of time")
    }

    /// The identifiers asked for would run `leadTicks` ahead of the clock, more than allowed, and
    /// the call does not wait: retryable once the clock has advanced the difference.
    @usableFromInline
    package static func leadLimitReached(leadTicks: Int64, maximumLeadTicks: Int64, tickMilliseconds: Int64) -> Self {
        let ticks = max(1, leadTicks - maximumLeadTicks)
        let (milliseconds, overflow) = ticks.multipliedReportingOverflow(by: max(1, tickMilliseconds))
        return Self(
            .leadLimitReached, retryAfter: .milliseconds(overflow ? Int64.max / 2 : milliseconds),
            message:
                "the generator would run \(leadTicks) ticks ahead of the clock, more than the \(maximumLeadTicks) allowed"
        )
    }

    /// A batch size outside `1...maximum`.
    @usableFromInline
    package static func batchCountOutOfRange(_ count: Int, maximum: Int) -> Self {
        Self(.batchCountOutOfRange, message: "batch size \(count) is out of range 1...\(maximum)")
    }

    /// A maximum lead longer than the generator can track for the layout.
    @usableFromInline
    package static func maximumLeadOutOfRange(ticks: Int64, maximum: Int64) -> Self {
        Self(
            .maximumLeadOutOfRange,
            message: "a maximum lead of \(ticks) ticks is out of range 0...\(maximum) for this layout")
    }

    /// Every instance number of the in-process pool is taken.
    @usableFromInline
    package static func instancePoolExhausted(capacity: Int) -> Self {
        Self(.instancePoolExhausted, message: "all \(capacity) instance numbers of this process are in use")
    }

    /// A layout's widths or tick do not make a valid layout.
    @usableFromInline
    package static func invalidLayout(_ reason: String) -> Self {
        Self(.invalidLayout, message: "invalid layout: \(reason)")
    }

    /// An identifier with a bit set above the layout's fields: past the layout's last tick.
    @usableFromInline
    package static func afterLastTick(_ id: FlakeID, layout: FlakeLayout) -> Self {
        Self(
            .afterLastTick,
            message:
                "ID \(id.rawValue) does not fit layout \(layout.name): its timestamp would be past the last tick "
                + "(the largest ID is \(layout.largestID.rawValue))")
    }
}
