#if Server
    /// What `GET /metrics` answers in `miniflake serve`: a text exposition of the metrics
    /// backend the command bootstrapped (swift-prometheus).
    ///
    /// The library emits its metrics through swift-metrics and exports none itself; an
    /// application exports them with the backend it already has, on a route of its own. Only
    /// the command sets ``FlakeServerConfiguration/metricsEndpoint``, so this is `package`:
    ///
    /// ```swift
    /// configuration.metricsEndpoint = FlakeMetricsEndpoint { bytes in registry.emit(into: &bytes) }
    /// ```
    package struct FlakeMetricsEndpoint: Sendable {
        /// The `Content-Type` of the answer; Prometheus's text format 0.0.4 by default.
        package var contentType: String
        /// Writes the exposition, appending to the bytes it is given.
        package var render: @Sendable (inout [UInt8]) -> Void

        /// Describes the endpoint.
        ///
        /// - Parameters:
        ///   - contentType: The answer's `Content-Type`.
        ///   - render: Appends the current exposition to the bytes it is given.
        package init(
            contentType: String = "text/plain; version=0.0.4; charset=utf-8",
            render: @escaping @Sendable (inout [UInt8]) -> Void
        ) {
            self.contentType = contentType
            self.render = render
        }
    }
#endif
