extension LeasedFlakeIssuer {
    /// How a ``LeasedFlakeIssuer`` times its renewals. The clock it reads, times the lease
    /// by and sleeps on is the issuer's `clock` (tests pass a ``MiniFlake/ManualFlakeClock``'s).
    ///
    /// With the defaults and a 30-second lease, the issuer renews every 10 seconds, retries a
    /// failed request every second, and stops making identifiers 5 seconds before the lease
    /// would run out if no renewal got through.
    public struct Configuration: Sendable {
        /// How often to renew; `nil` means a third of the backend's lease duration.
        public var renewalInterval: Duration?
        /// How long before the lease runs out the issuer stops making identifiers, so that
        /// clocks running at slightly different rates on two hosts can never let two holders
        /// issue with one number; `nil` means a sixth of the lease duration.
        public var safetyMargin: Duration?
        /// How long to wait before retrying a failed renewal or claim.
        public var retryInterval: Duration
        /// The longest the renewal loop sleeps before it looks at its deadlines again.
        public var checkInterval: Duration
        /// Called (on the renewal loop's task) for every claim, renewal, failure and release.
        public var onEvent: (@Sendable (LeaseEvent) -> Void)?

        /// Makes a configuration; every argument has a default.
        public init(
            renewalInterval: Duration? = nil,
            safetyMargin: Duration? = nil,
            retryInterval: Duration = .seconds(1),
            checkInterval: Duration = .seconds(1),
            onEvent: (@Sendable (LeaseEvent) -> Void)? = nil
        ) {
            self.renewalInterval = renewalInterval
            self.safetyMargin = safetyMargin
            self.retryInterval = retryInterval
            self.checkInterval = checkInterval
            self.onEvent = onEvent
        }
    }
}
