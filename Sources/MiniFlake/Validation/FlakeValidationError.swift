/// Why an identifier from outside was rejected by a ``FlakeValidator``.
public struct FlakeValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable name for a failure, for logs and API responses. New codes may
    /// be added, so a `switch` over codes needs a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code as a snake_case string.
        public let rawValue: String

        private init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code as a snake_case string.
        public var description: String { rawValue }

        /// `negative`: the value is negative; no generator makes one.
        public static let negative = Code("negative")
        /// `after_last_tick`: a bit above the layout's fields is set, so the timestamp would be
        /// past the layout's last tick; the layout never made it.
        public static let afterLastTick = Code("after_last_tick")
        /// `too_early`: the timestamp is before the earliest allowed (by default the layout's
        /// second tick: its first, the epoch's, holds 0 and the other small values that an unset
        /// or counted integer has, and no issuer makes identifiers there).
        public static let tooEarly = Code("too_early")
        /// `in_future`: the timestamp is further ahead of the server's clock than the allowed
        /// skew. ``FlakeValidationError/retryAfter`` says when it will be within it.
        public static let inFuture = Code("in_future")
        /// `instance_not_allowed`: the instance number is not one the sender may use.
        public static let instanceNotAllowed = Code("instance_not_allowed")
        /// `instance_not_registered`: the instance number is not registered to the account that
        /// sent the identifier.
        public static let instanceNotRegistered = Code("instance_not_registered")
    }

    /// What is wrong: `negative`, `after_last_tick`, `too_early`, `in_future`, `instance_not_allowed` or
    /// `instance_not_registered`.
    public let code: Code
    /// One line for a person, saying what is wrong.
    public let message: String
    /// For `in_future`, how long until the identifier is within the allowed skew of the clock
    /// that checked it: a device whose clock ran fast uploads the record again then, unchanged.
    /// `nil` for the other codes, which no wait changes.
    public let retryAfter: Duration?

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What is wrong.
    ///   - message: One line for a person.
    ///   - retryAfter: For `in_future`, how long until the identifier is within the skew.
    public init(_ code: Code, message: String, retryAfter: Duration? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// One line for a person, saying what is wrong.
    public var description: String { message }
}

extension FlakeValidationError {
    /// The value is negative.
    package static func negative(_ value: Int64) -> Self {
        Self(.negative, message: "\(value) is negative; IDs are never negative")
    }

    /// A bit above the layout's fields is set.
    package static func afterLastTick(_ error: FlakeError) -> Self {
        Self(.afterLastTick, message: error.message)
    }

    /// The timestamp is before the earliest allowed.
    package static func tooEarly(millisecondsSince1970 timestamp: Int64, earliest: Int64) -> Self {
        Self(
            .tooEarly,
            message: "its timestamp \(timestamp) ms is before the earliest allowed, \(earliest) ms since 1970")
    }

    /// The identifier is in the layout's first tick, the epoch's, where no issuer makes
    /// identifiers: 0 (an unset integer attribute) and other small numbers.
    package static func inFirstTick(rawValue: Int64, layout: FlakeLayout) -> Self {
        Self(
            .tooEarly,
            message:
                "\(rawValue) is in the \(layout.name) layout's first tick (its epoch), where no issuer makes IDs; 0 is an unset value"
        )
    }

    /// The timestamp is further ahead of the server's clock than the allowed skew.
    package static func inFuture(aheadByMilliseconds ahead: Int64, maximumSkewMilliseconds skew: Int64) -> Self {
        Self(
            .inFuture,
            message:
                "its timestamp is \(ReadableDuration(milliseconds: ahead)) in the future, more than the \(ReadableDuration(milliseconds: skew)) skew allowed",
            retryAfter: .milliseconds(ahead - skew))
    }

    /// The instance number is not one the sender may use.
    package static func instanceNotAllowed(_ instance: Int) -> Self {
        Self(.instanceNotAllowed, message: "instance number \(instance) is not allowed")
    }

    /// The instance number is not registered to the account.
    package static func instanceNotRegistered(_ instance: Int) -> Self {
        Self(.instanceNotRegistered, message: "instance number \(instance) is not registered to the account")
    }
}
