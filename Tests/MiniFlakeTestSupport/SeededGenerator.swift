/// A SplitMix64 random-number generator with a fixed seed, so property tests see the same
/// "random" inputs on every run.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random non-negative identifier value, with small and large values both well represented.
    package mutating func nextID() -> Int64 {
        let bits = Int.random(in: 1...63, using: &self)
        return Int64.random(in: 0...(bits == 63 ? .max : (1 << Int64(bits)) - 1), using: &self)
    }
}
