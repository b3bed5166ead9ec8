#if Server
    /// The names of every metric the service emits, as its documentation lists them: written
    /// here, apart from the library, so that a renamed metric fails the tests.
    enum ServiceMetricNames {
        static let all = [
            "miniflake_ids_issued_total",
            "miniflake_batch_size",
            "miniflake_http_request_duration_seconds",
            "miniflake_clock_lead_seconds",
            "miniflake_errors_total",
            "miniflake_registrations_total",
            "miniflake_retirements_total",
            "miniflake_registry_errors_total",
        ]
    }
#endif
