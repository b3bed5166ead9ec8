extension FlakeID: Codable {
    /// Writes the identifier as a decimal JSON string.
    ///
    /// A string, not a number: JavaScript reads JSON numbers as doubles and silently rounds
    /// integers above 2^53, which most identifiers are.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Reads an identifier written as a decimal string or as a JSON number, at its exact value
    /// (`7.0` is 7; `7.5` is refused, never rounded to an identifier).
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is neither, is negative, or does
    ///   not fit 63 bits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            do {
                self = try FlakeID(decimal: text)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: error.description)
            }
            return
        }
        switch JSONInteger(from: container) {
        case .int64(let number):
            guard let id = FlakeID(rawValue: number) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a FlakeID cannot be negative: \(number)")
            }
            self = id
        case .beyond64Bits(let digits):
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a FlakeID must fit 63 bits: \(digits)")
        case nil:
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a FlakeID must be a decimal string or a whole number")
        }
    }
}
