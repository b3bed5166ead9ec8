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

    /// A stable, machine-readable name for the failure, for logs and API responses:
    /// `negative`, `too_early`, `in_future` or `instance_not_allowed`.
    public var code: String {
        switch self {
        case .negative: "negative"
        case .tooEarly: "too_early"
        case .inFuture: "in_future"
        case .instanceNotAllowed: "instance_not_allowed"
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
        }
    }
}
