/// The process-wide pools of free instance numbers behind ``InProcessFlakeMaker``: one pool
/// per instance-number width, each at most 65,536 numbers.
enum InstanceNumberPool {
    /// The most numbers one pool hands out, whatever the layout's width.
    static let maximumCapacity = 1 << 16

    private static let pools = LockedValue<[Int: Occupancy]>([:])

    /// How many numbers a pool for this width holds.
    static func capacity(instanceBits: Int) -> Int {
        instanceBits >= 16 ? maximumCapacity : 1 << instanceBits
    }

    /// How many numbers of the pool for this width are free.
    static func available(instanceBits: Int) -> Int {
        pools.withLock { pools in
            capacity(instanceBits: instanceBits) - (pools[instanceBits]?.taken ?? 0)
        }
    }

    /// Takes a free number, chosen at random among the free ones, or returns `nil`.
    static func take(instanceBits: Int) -> Int? {
        pools.withLock { pools in
            var occupancy = pools[instanceBits] ?? Occupancy(capacity: capacity(instanceBits: instanceBits))
            defer { pools[instanceBits] = occupancy }
            return occupancy.takeRandomFree()
        }
    }

    /// Gives a number back to the pool for this width.
    static func release(_ number: Int, instanceBits: Int) {
        pools.withLock { pools in
            pools[instanceBits]?.release(number)
        }
    }

    /// Which numbers of one pool are taken: one bit each.
    struct Occupancy {
        private var words: [UInt64]
        let capacity: Int
        private(set) var taken = 0

        init(capacity: Int) {
            self.capacity = capacity
            words = Array(repeating: 0, count: (capacity + 63) / 64)
        }

        mutating func takeRandomFree() -> Int? {
            let free = capacity - taken
            guard free > 0 else { return nil }
            var skip = Int.random(in: 0..<free)
            for (index, word) in words.enumerated() {
                let bitsInWord = Swift.min(64, capacity - index * 64)
                let freeInWord = bitsInWord - word.nonzeroBitCount
                if skip >= freeInWord {
                    skip -= freeInWord
                    continue
                }
                for bit in 0..<bitsInWord where word & (1 << UInt64(bit)) == 0 {
                    if skip == 0 {
                        words[index] |= 1 << UInt64(bit)
                        taken += 1
                        return index * 64 + bit
                    }
                    skip -= 1
                }
            }
            return nil
        }

        mutating func release(_ number: Int) {
            guard (0..<capacity).contains(number) else { return }
            let mask: UInt64 = 1 << UInt64(number % 64)
            guard words[number / 64] & mask != 0 else { return }
            words[number / 64] &= ~mask
            taken -= 1
        }
    }
}
