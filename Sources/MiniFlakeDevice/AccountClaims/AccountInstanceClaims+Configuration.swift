extension AccountInstanceClaims {
    /// How an ``AccountInstanceClaims`` claims.
    public struct Configuration: Sendable {
        /// How long a holder's record must go unwritten, by the server's clock, before another
        /// installation may take its number over; 30 days by default. Longer than devices stay
        /// offline: a holder back after this long finds its number taken and claims another.
        public var reclaimAfter: Duration
        /// The most numbers one call tries to create, the provisional one included; 8 by default.
        public var attempts: Int
        /// The delay suggested in ``InstanceClaimError/retryAfter`` when the server names none; 5
        /// minutes by default.
        public var retryAfter: Duration
        /// 64 random bits per call, to draw the numbers tried after the provisional one; the
        /// system's generator by default. Tests inject a seeded one.
        public var randomBits: @Sendable () -> UInt64

        /// Makes a configuration; every argument has a default.
        public init(
            reclaimAfter: Duration = .seconds(30 * 86_400),
            attempts: Int = 8,
            retryAfter: Duration = .seconds(300),
            randomBits: @escaping @Sendable () -> UInt64 = {
                var generator = SystemRandomNumberGenerator()
                return generator.next()
            }
        ) {
            self.reclaimAfter = reclaimAfter
            self.attempts = attempts
            self.retryAfter = retryAfter
            self.randomBits = randomBits
        }
    }

    /// What a claimer did, counted.
    package struct Counts: Sendable, Hashable {
        /// Numbers newly claimed (created, or taken over).
        package var claims = 0
        /// Renewals of a number already held.
        package var renewals = 0
        /// Numbers taken over from a silent or released holder.
        package var reclaims = 0
        /// Writes repeated after a lost reply, and calls that failed with a retry delay.
        package var retries = 0
        /// Numbers released.
        package var releases = 0
        /// Calls that threw.
        package var failures = 0
        /// Numbers a holder found taken over when it renewed.
        package var lost = 0

        /// No counts yet.
        package init() {}
    }
}
