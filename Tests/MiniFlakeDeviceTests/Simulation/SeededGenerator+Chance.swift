import MiniFlakeTestSupport

extension SeededGenerator {
    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }
}
