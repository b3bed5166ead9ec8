extension FlakeID: LosslessStringConvertible {
    /// The identifier in decimal, as most databases and JSON APIs show it.
    public var description: String {
        FlakeTextWriter.string(capacity: FlakeTextWriter.maximumDecimalLength) {
            FlakeTextWriter.decimal(rawValue, to: $0)
        }
    }

    /// Parses a decimal identifier, or returns `nil` when the text is not one.
    ///
    /// Use ``init(decimal:)`` to learn what was wrong.
    public init?(_ description: String) {
        guard let id = try? FlakeID(decimal: description) else { return nil }
        self = id
    }
}
