/// Why an identifier from outside was rejected by a ``FlakeValidator``.
public enum FlakeValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value is negative: no generator makes one.
    case negative(Int64)
    /// The timestamp is before the earliest allowed (the layout's epoch by default).
    case tooEarly(millisecondsSince1970: Int64, earliest: Int64)
    /// The timestamp is further ahead of the server's clock than the allowed skew.
    case inFuture(aheadByMilliseconds: Int64, maximumSkewMilliseconds: Int64)
    /// The instance number is not one the sender may use.
    case instanceNotAllowed(Int)
    /// The instance number is not registered to the account that sent the identifier.
    case instanceNotRegistered(Int)

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

        /// `negative`: the value is negative.
        public static let negative = Code("negative")
        /// `too_early`: the timestamp is before the earliest allowed.
        public static let tooEarly = Code("too_early")
        /// `in_future`: the timestamp is further ahead than the allowed skew.
        public static let inFuture = Code("in_future")
        /// `instance_not_allowed`: the instance number is not one the sender may use.
        public static let instanceNotAllowed = Code("instance_not_allowed")
        /// `instance_not_registered`: the instance number is not registered to the sender's
        /// account.
        public static let instanceNotRegistered = Code("instance_not_registered")
    }

    /// A stable, machine-readable name for the failure, for logs and API responses:
    /// `negative`, `too_early`, `in_future`, `instance_not_allowed` or `instance_not_registered`.
    public var code: Code {
        switch self {
        case .negative: .negative
        case .tooEarly: .tooEarly
        case .inFuture: .inFuture
        case .instanceNotAllowed: .instanceNotAllowed
        case .instanceNotRegistered: .instanceNotRegistered
        }
    }

    /// One line for a person, saying what is wrong.
    public var description: String {
        switch self {
        case .negative(let value):
            "\(value) is negative; IDs are never negative"
        case .tooEarly(let timestamp, let earliest):
            "its timestamp \(timestamp) ms is before the earliest allowed, \(earliest) ms since 1970"
        case .inFuture(let ahead, let skew):
            "its timestamp is \(ahead) ms in the future, more than the \(skew) ms skew allowed"
        case .instanceNotAllowed(let instance):
            "instance number \(instance) is not allowed"
        case .instanceNotRegistered(let instance):
            "instance number \(instance) is not registered to the account"
        }
    }
}
