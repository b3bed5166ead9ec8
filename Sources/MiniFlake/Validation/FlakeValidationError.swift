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
        /// `too_early`: the timestamp is before the earliest allowed (the layout's epoch by
        /// default).
        public static let tooEarly = Code("too_early")
        /// `in_future`: the timestamp is further ahead of the server's clock than the allowed
        /// skew.
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

    /// Makes an error.
    ///
    /// - Parameters:
    ///   - code: What is wrong.
    ///   - message: One line for a person.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
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

    /// The timestamp is further ahead of the server's clock than the allowed skew.
    package static func inFuture(aheadByMilliseconds ahead: Int64, maximumSkewMilliseconds skew: Int64) -> Self {
        Self(.inFuture, message: "its timestamp is \(ahead) ms in the future, more than the \(skew) ms skew allowed")
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
