/// Why an issuer made no identifier: either "retry after N" or "this will never work".
///
/// ``retryAfter`` tells the two apart: it is set when the same call may succeed later (the
/// generator's lead is used up, no lease is held right now, a reservation is being extended),
/// and `nil` when retrying cannot help (the layout ran out of time, a batch size is out of
/// range, the issuer was shut down).
public struct FlakeIssueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for the failure. New codes may be added, so a `switch`
    /// over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string, for logs and API responses.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// The generator is as far ahead of the clock as it may run; retryable.
        public static let leadLimitReached = Code("lead_limit_reached")
        /// The issuer holds no instance number right now (its lease expired, was lost, or is
        /// being claimed); retryable.
        public static let noInstance = Code("no_instance")
        /// The clock passed the high-water mark reserved in the lease backend and the issuer is
        /// reserving more; retryable.
        public static let reservationPending = Code("reservation_pending")
        /// The issuer was shut down and makes no more identifiers; permanent.
        public static let shutDown = Code("shut_down")
        /// The layout has run out of time (late 2087 for ``FlakeLayout/miniFlake``); permanent.
        public static let timestampOverflow = Code("timestamp_overflow")
        /// The clock reads a time before the layout's epoch; permanent until the clock is fixed.
        public static let clockBeforeEpoch = Code("clock_before_epoch")
        /// A batch size outside `1...maximumBatchCount`; permanent.
        public static let batchCountOutOfRange = Code("batch_count_out_of_range")
        /// The generator failed in another way; permanent.
        public static let generatorFailed = Code("generator_failed")
    }

    /// What went wrong.
    public var code: Code
    /// When the same call may succeed; `nil` when retrying cannot help.
    public var retryAfter: Duration?
    /// One line for a person, saying what went wrong.
    public var message: String

    /// Whether retrying after ``retryAfter`` may succeed.
    public var isRetryable: Bool { retryAfter != nil }

    /// ``retryAfter`` as an HTTP `Retry-After` value: whole seconds, rounded up, at least 1 (and
    /// at most `Int32.max`); `nil` when retrying cannot help.
    public var retryAfterSeconds: Int? {
        guard let retryAfter else { return nil }
        let (seconds, attoseconds) = retryAfter.components
        guard seconds < Int64(Int32.max) else { return Int(Int32.max) }
        return Int(max(1, seconds + (attoseconds > 0 ? 1 : 0)))
    }

    /// One line for a person, saying what went wrong and, when it applies, when to retry.
    public var description: String {
        guard let retryAfter else { return message }
        return "\(message); retry after \(Self.milliseconds(retryAfter)) ms"
    }

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - retryAfter: When the same call may succeed, or `nil` when retrying cannot help.
    ///   - message: One line for a person.
    public init(_ code: Code, retryAfter: Duration? = nil, message: String) {
        self.code = code
        self.retryAfter = retryAfter
        self.message = message
    }

    /// The issuing error for a generator's error: ``FlakeError/leadLimitReached(leadTicks:maximumLeadTicks:)``
    /// is retryable after the ticks the clock must still advance; the others are permanent.
    ///
    /// - Parameters:
    ///   - error: What the generator threw.
    ///   - tickMilliseconds: The length of the layout's tick, to turn ticks into time.
    public init(_ error: FlakeError, tickMilliseconds: Int64 = 1) {
        switch error {
        case .leadLimitReached(let lead, let maximum):
            let ticks = max(1, lead - maximum)
            let (milliseconds, overflow) = ticks.multipliedReportingOverflow(by: max(1, tickMilliseconds))
            self.init(
                .leadLimitReached, retryAfter: .milliseconds(overflow ? Int64.max / 2 : milliseconds),
                message: error.description)
        case .timestampOverflow:
            self.init(.timestampOverflow, message: error.description)
        case .clockBeforeEpoch:
            self.init(.clockBeforeEpoch, message: error.description)
        case .batchCountOutOfRange:
            self.init(.batchCountOutOfRange, message: error.description)
        default:
            self.init(.generatorFailed, message: error.description)
        }
    }

    /// Whole milliseconds, rounded up, for messages.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, _) = product.addingReportingOverflow((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        return sum
    }
}
