/// Why no identifier was made, or a layout or generator could not be set up: the one error
/// every generator and issuer throws, from its blocking and its async calls alike.
///
/// ``code`` says what went wrong; ``retryAfter`` says whether the same call may succeed later
/// (the generator's lead is used up, no lease is held right now, a reservation is being
/// extended) and when, and is `nil` when retrying cannot help (the layout ran out of time, a
/// batch size is out of range, the issuer was shut down).
///
/// ```swift
/// do {
///     let id = try maker.nextImmediately()
/// } catch where error.isRetryable {
///     // try again after error.retryAfter
/// } catch {
///     print(error.code, error.message)
/// }
/// ```
public struct FlakeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for a failure, for logs, metrics and API responses. New
    /// codes may be added, so a `switch` over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `lead_limit_reached`: the generator is as far ahead of the clock as it may run, and
        /// the call does not wait; retryable.
        public static let leadLimitReached = Code("lead_limit_reached")
        /// `no_instance`: the issuer holds no instance number right now (its lease expired, was
        /// lost, or is being claimed); retryable.
        public static let noInstance = Code("no_instance")
        /// `reservation_pending`: the clock reached the end of what the issuer has reserved (in
        /// its lease backend or its state file) and it is reserving more; retryable.
        public static let reservationPending = Code("reservation_pending")
        /// `shut_down`: the issuer was shut down and makes no more identifiers; permanent.
        public static let shutDown = Code("shut_down")
        /// `timestamp_overflow`: the layout has run out of time (late 2087 for
        /// ``FlakeLayout/miniFlake``); permanent.
        public static let timestampOverflow = Code("timestamp_overflow")
        /// `clock_before_epoch`: the clock reads a time before the layout's epoch; permanent
        /// until the clock is fixed.
        public static let clockBeforeEpoch = Code("clock_before_epoch")
        /// `batch_count_out_of_range`: a batch size outside `1...maximumBatchCount`; permanent.
        public static let batchCountOutOfRange = Code("batch_count_out_of_range")
        /// `timestamp_out_of_range`: a timestamp given to the layout does not fit its field.
        public static let timestampOutOfRange = Code("timestamp_out_of_range")
        /// `sequence_out_of_range`: a sequence number does not fit the layout's field.
        public static let sequenceOutOfRange = Code("sequence_out_of_range")
        /// `instance_out_of_range`: an instance number does not fit the layout's field.
        public static let instanceOutOfRange = Code("instance_out_of_range")
        /// `maximum_lead_out_of_range`: a maximum lead longer than the generator can track for
        /// the layout.
        public static let maximumLeadOutOfRange = Code("maximum_lead_out_of_range")
        /// `instance_pool_exhausted`: every instance number of the in-process pool is taken.
        public static let instancePoolExhausted = Code("instance_pool_exhausted")
        /// `invalid_layout`: a layout's widths or tick do not make a valid layout.
        public static let invalidLayout = Code("invalid_layout")
        /// `after_last_tick`: an identifier has a bit set above the layout's fields, so its
        /// timestamp would be past the layout's last tick (a `js53` value above 2^53 - 1); the
        /// layout never made it.
        public static let afterLastTick = Code("after_last_tick")
    }

    /// What went wrong.
    public let code: Code
    /// One line for a person, saying what went wrong.
    public let message: String
    /// When the same call may succeed; `nil` when retrying cannot help.
    public let retryAfter: Duration?

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

    /// Whether retrying after ``retryAfter`` may succeed.
    public var isRetryable: Bool { retryAfter != nil }

    /// One line for a person, saying what went wrong and, when it applies, when to retry.
    public var description: String {
        guard let retryAfter else { return message }
        return "\(message); retry after \(retryAfter.milliseconds(roundingUp: true)) ms"
    }

    /// ``retryAfter`` in whole seconds, rounded up, at least 1 and at most `Int32.max`, as an
    /// HTTP `Retry-After` header says it; `nil` when retrying cannot help.
    package var retryAfterSeconds: Int? {
        retryAfter?.retryAfterHeaderSeconds
    }
}
