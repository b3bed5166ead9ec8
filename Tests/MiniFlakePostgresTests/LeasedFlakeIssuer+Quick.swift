#if Postgres
    import MiniFlakeLease

    extension LeasedFlakeIssuer.Configuration {
        /// Quick timing for tests with short leases.
        static func quick(onEvent: (@Sendable (LeaseEvent) -> Void)? = nil) -> Self {
            Self(retryInterval: .milliseconds(100), checkInterval: .milliseconds(50), onEvent: onEvent)
        }
    }
#endif
