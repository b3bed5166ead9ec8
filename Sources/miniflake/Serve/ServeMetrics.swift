#if Server
    import Metrics
    import MiniFlakeServer
    import Prometheus

    /// `miniflake serve`'s metrics backend: swift-prometheus, bootstrapped as the process's
    /// swift-metrics system, and the `GET /metrics` endpoint that exposes it.
    enum ServeMetrics {
        /// The buckets of `miniflake_http_request_duration_seconds`: 50 µs to 1 s.
        static let durationBuckets: [Duration] = [
            .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        /// The buckets of `miniflake_batch_size`: 1 to 100,000 IDs.
        static let batchBuckets: [Double] = [1, 10, 100, 1_000, 2_500, 5_000, 10_000, 100_000]

        /// The registry every metric of the process goes to; bootstrapped the first time it is
        /// read, once per process, as swift-metrics requires.
        static let registry: PrometheusCollectorRegistry = {
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(makeFactory(registry: registry))
            return registry
        }()

        /// A Prometheus factory with the service's buckets, writing to `registry`.
        static func makeFactory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
            var factory = PrometheusMetricsFactory(registry: registry)
            factory.durationHistogramBuckets["miniflake_http_request_duration_seconds"] = durationBuckets
            factory.valueHistogramBuckets["miniflake_batch_size"] = batchBuckets
            return factory
        }

        /// `GET /metrics`: the registry's text exposition.
        static var endpoint: FlakeMetricsEndpoint {
            let registry = registry
            return FlakeMetricsEndpoint { bytes in registry.emit(into: &bytes) }
        }
    }
#endif
