#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON number read at its exact value, as JSON Schema reads an `integer`: `7`, `7.0` and
/// `7e0` are the same whole number, and `7.5` is none.
///
/// Read as a `Decimal`, never through a `Double` or the decoder's lenient `Int64`, either of
/// which turns `755551856230400007.5` into a whole, different number. The one place the
/// package reads an identifier sent as a JSON number (``FlakeID``'s `Decodable` and the HTTP
/// service's validate route).
package enum JSONInteger: Sendable, Equatable {
    /// A whole number that fits an `Int64`.
    case int64(Int64)
    /// A whole number outside the `Int64` range, as written in plain digits (past `Decimal`'s
    /// range, as a `Double` writes it).
    case beyond64Bits(String)

    /// Reads the container's value, or `nil` when it is not a whole number (a fraction, a
    /// string, a Boolean, `null`, an object or an array).
    package init?(from container: any SingleValueDecodingContainer) {
        if let number = try? container.decode(Decimal.self) {
            // Decimal writes its value in plain digits: a point means a fraction.
            let digits = number.description
            guard !digits.contains(".") else { return nil }
            self = Int64(digits).map(Self.int64) ?? .beyond64Bits(digits)
        } else if let number = try? container.decode(Double.self), number.isFinite,
            number == number.rounded(), number.magnitude >= 9_223_372_036_854_775_808.0
        {
            // Past Decimal's exponent range (1e300): whole, and far outside 64 bits.
            self = .beyond64Bits(number.description)
        } else {
            return nil
        }
    }
}
