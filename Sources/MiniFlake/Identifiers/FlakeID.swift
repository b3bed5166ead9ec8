/// A unique, time-ordered 63-bit identifier: a non-negative `Int64` inside.
///
/// A `FlakeID` is what a ``FlakeMaker`` returns. Its bits hold a timestamp, a sequence number
/// and an instance number, laid out as a ``FlakeLayout`` says; ``FlakeLayout/parts(of:)``
/// takes them apart again. IDs from one generator compare in the order they were made, and IDs
/// from several generators compare by time first.
///
/// The raw value is never negative, so it fits a signed 64-bit column (SQLite `INTEGER`,
/// PostgreSQL `BIGINT`, Core Data's Integer 64) and sorts the same way there.
///
/// ```swift
/// let maker = try FlakeMaker(instance: 7)
/// let id = try maker.nextBlocking()
/// print(id)               // 960471290085376007
/// print(id.base32String)  // 0TN27HJQ80007
/// ```
public struct FlakeID: Sendable, Hashable, Comparable {
    /// The identifier as a non-negative 64-bit integer.
    public let rawValue: Int64

    /// The smallest identifier, zero.
    public static let min = FlakeID(unchecked: 0)

    /// The largest identifier, `Int64.max`.
    public static let max = FlakeID(unchecked: .max)

    /// Wraps a raw value, or returns `nil` when it is negative.
    ///
    /// - Parameter rawValue: An identifier as stored in a database or sent over the wire.
    public init?(rawValue: Int64) {
        guard rawValue >= 0 else { return nil }
        self.rawValue = rawValue
    }

    /// Wraps a raw value already known to be non-negative (the package's other generators
    /// call it too).
    @usableFromInline
    package init(unchecked rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Orders identifiers by their raw value, which is the order in which they were made.
    public static func < (lhs: FlakeID, rhs: FlakeID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension FlakeID: RawRepresentable {}
