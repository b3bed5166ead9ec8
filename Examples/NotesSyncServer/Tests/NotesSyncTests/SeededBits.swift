#if Server && GRDB
    import MiniFlakeTestSupport
    import MiniFlake

    /// A fixed-seed source of random bits a device's settings can call from any thread, so that
    /// a device's installation name and provisional number are the same on every run.
    final class SeededBits: Sendable {
        private let generator: LockedValue<SeededGenerator>

        /// A source whose sequence is fixed by `seed`.
        init(seed: UInt64) {
            generator = LockedValue(SeededGenerator(seed: seed))
        }

        /// The next 64 bits.
        func next() -> UInt64 {
            generator.withLock { $0.next() }
        }
    }
#endif
