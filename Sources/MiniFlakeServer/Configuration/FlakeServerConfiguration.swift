#if Server
    import Logging
    import MiniFlake

    /// What the ID service serves and its limits: the issuer its IDs come from, how many IDs one
    /// request may ask for or send, the validation defaults, and where it logs and counts.
    ///
    /// ```swift
    /// let maker = try FlakeMaker(instance: 7)
    /// let configuration = FlakeServerConfiguration(issuer: maker)
    /// let app = FlakeServer.makeApplication(configuration: configuration)
    /// ```
    ///
    /// The service asks the issuer with ``MiniFlake/FlakeIssuer/next(waitingAtMost:)``: when
    /// the generator is at its lead limit (or a lease is being regained) the request's task is
    /// suspended, never a thread blocked, and the service answers 503 with `Retry-After` when
    /// the wait would pass ``maximumLeadWait``.
    public struct FlakeServerConfiguration: Sendable {
        /// The default largest `count` of `GET /v1/ids`: 10,000.
        public static let defaultMaximumBatchCount = 10_000
        /// The default most IDs one `POST /v1/ids/validate` may carry: 10,000.
        public static let defaultMaximumValidationCount = 10_000
        /// The default largest request body: 1 MiB.
        public static let defaultMaximumBodyBytes = 1 << 20

        /// Where IDs come from: a plain generator, the in-process pool, or a lease.
        public var issuer: any FlakeIssuer
        /// The largest `count` `GET /v1/ids` accepts. The service also never asks the issuer for
        /// more than its own ``MiniFlake/FlakeIssuer/maximumBatchCount``.
        public var maximumBatchCount: Int
        /// The most IDs one `POST /v1/ids/validate` may carry.
        public var maximumValidationCount: Int
        /// The largest request body accepted; a larger one gets 413.
        public var maximumBodyBytes: Int
        /// The validation defaults: layout, skew, earliest time and allowed instances. A request
        /// may override the skew and the instances.
        public var validator: FlakeValidator
        /// The clock the clock-lead gauge compares new IDs with.
        public var clock: FlakeClock
        /// How long a request may wait, suspended, for the clock when the generator is at its lead
        /// limit, before it gets 503; 250 ms by default.
        public var maximumLeadWait: Duration
        /// Where the service logs.
        public var logger: Logger
        /// Where the service counts IDs, batch sizes, latencies, the clock lead and errors.
        public var metrics: FlakeServerMetrics
        /// What `GET /metrics` answers, or `nil` (the default) for no such route: the library
        /// emits through swift-metrics and leaves exporting to the program. Only `miniflake serve`
        /// sets it.
        package var metricsEndpoint: FlakeMetricsEndpoint?
        /// The instance registry served under `/v1/accounts` and its bearer token, or `nil` for
        /// none: then those routes do not exist and validation takes no `account`.
        public var registryAccess: RegistryAccess?

        /// Describes a service.
        ///
        /// - Parameters:
        ///   - issuer: Where IDs come from.
        ///   - maximumBatchCount: The largest `count` of `GET /v1/ids`; 10,000 by default.
        ///   - maximumValidationCount: The most IDs per validation request; 10,000 by default.
        ///   - maximumBodyBytes: The largest request body; 1 MiB by default.
        ///   - validator: The validation defaults; by default the issuer's layout, a 5-second
        ///     skew and every instance number, read against `clock`.
        ///   - clock: The clock the lead gauge and the default validator read; the system clock.
        ///   - maximumLeadWait: The longest wait for the clock before 503; 250 ms by default.
        ///   - logger: Where to log; `miniflake.server` by default.
        ///   - metrics: Where to count; a fresh registry by default.
        ///   - registryAccess: The instance registry to serve, with its token; none by default.
        public init(
            issuer: any FlakeIssuer,
            maximumBatchCount: Int = defaultMaximumBatchCount,
            maximumValidationCount: Int = defaultMaximumValidationCount,
            maximumBodyBytes: Int = defaultMaximumBodyBytes,
            validator: FlakeValidator? = nil,
            clock: FlakeClock = .system,
            maximumLeadWait: Duration = .milliseconds(250),
            logger: Logger = Logger(label: "miniflake.server"),
            metrics: FlakeServerMetrics = FlakeServerMetrics(),
            registryAccess: RegistryAccess? = nil
        ) {
            self.issuer = issuer
            self.maximumBatchCount = maximumBatchCount
            self.maximumValidationCount = maximumValidationCount
            self.maximumBodyBytes = maximumBodyBytes
            self.validator = validator ?? FlakeValidator(layout: issuer.layout, clock: clock)
            self.clock = clock
            self.maximumLeadWait = maximumLeadWait
            self.logger = logger
            self.metrics = metrics
            self.registryAccess = registryAccess
        }

        /// The largest `count` a batch request may ask for right now: the configured maximum,
        /// capped by the issuer's.
        var effectiveMaximumBatchCount: Int {
            max(1, min(maximumBatchCount, issuer.maximumBatchCount))
        }
    }
#endif
