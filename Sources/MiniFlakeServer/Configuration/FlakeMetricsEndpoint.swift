#if Server
    /// What `GET /metrics` answers: a text exposition of the program's metrics backend.
    ///
    /// The library emits its metrics through swift-metrics and exports none itself. A program
    /// that wants ``FlakeRoutes`` to serve them sets
    /// ``FlakeServerConfiguration/metricsEndpoint``; `miniflake serve` does so with the
    /// swift-prometheus registry it bootstraps:
    ///
    /// ```swift
    /// let registry = PrometheusCollectorRegistry()
    /// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    /// configuration.metricsEndpoint = FlakeMetricsEndpoint { bytes in registry.emit(into: &bytes) }
    /// ```
    public struct FlakeMetricsEndpoint: Sendable {
        /// The `Content-Type` of the answer; Prometheus's text format 0.0.4 by default.
        public var contentType: String
        /// Writes the exposition, appending to the bytes it is given.
        public var render: @Sendable (inout [UInt8]) -> Void

        /// Describes the endpoint.
        ///
        /// - Parameters:
        ///   - contentType: The answer's `Content-Type`.
        ///   - render: Appends the current exposition to the bytes it is given.
        public init(
            contentType: String = "text/plain; version=0.0.4; charset=utf-8",
            render: @escaping @Sendable (inout [UInt8]) -> Void
        ) {
            self.contentType = contentType
            self.render = render
        }
    }
#endif
