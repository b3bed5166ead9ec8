#if Server
    import Hummingbird
    import Metrics
    import MiniFlake

    /// The service's metrics, emitted through swift-metrics to whatever backend the program
    /// bootstrapped (`MetricsSystem.bootstrap`), or to the factory you pass.
    ///
    /// | Metric | swift-metrics type | Labels |
    /// |---|---|---|
    /// | `miniflake_ids_issued_total` | `Counter` | |
    /// | `miniflake_batch_size` | `Recorder` (IDs per `GET /v1/ids`, aggregated) | |
    /// | `miniflake_http_request_duration_seconds` | `Timer` | `route`, `method`, `status` |
    /// | `miniflake_clock_lead_seconds` | `Gauge` (last ID's time minus the clock, ≥ 0) | |
    /// | `miniflake_errors_total` | `Counter` | `code` (see ``FlakeServerError/Code``) |
    /// | `miniflake_registrations_total` | `Counter` (`PUT` of an installation) | `result`: `created`, `existing`, `failed` |
    /// | `miniflake_retirements_total` | `Counter` (`DELETE` of a live installation) | |
    /// | `miniflake_registry_errors_total` | `Counter` (failures the registry threw) | `code` (see `InstanceRegistryError.Code`) |
    ///
    /// `route` is the route template the router matched, with the prefix the routes are mounted
    /// under (`/v1/ids/{id}`, or `/ids/v1/ids/{id}` under `/ids`); `unmatched` for a request
    /// `miniflake serve` has no route for. The library serves no metrics itself: `miniflake serve`
    /// bootstraps swift-prometheus and answers `GET /metrics`; an application of your own exports
    /// them with the backend it already has, on a route of its own.
    public final class FlakeServerMetrics: Sendable {
        /// How a registration request ended, the `result` label of `miniflake_registrations_total`.
        enum RegistrationResult: String, CaseIterable {
            /// The installation was registered now (201).
            case created
            /// The installation was live already and got its number again (200).
            case existing
            /// The registry refused or failed.
            case failed
        }

        /// The registry's error codes, counted from zero so that a dashboard sees every series.
        private static let registryErrorCodes = [
            "invalid_name", "instance_out_of_range", "no_free_instance", "storage_failed",
        ]

        private let factory: any MetricsFactory
        private let idsIssued: Counter
        private let batchSizes: Recorder
        private let clockLead: Gauge
        private let errors: [FlakeServerError.Code: Counter]
        private let registrations: [RegistrationResult: Counter]
        private let retirements: Counter
        private let registryErrors: LockedValue<[String: Counter]>
        private let durations = LockedValue<[DurationKey: Timer]>([:])

        private static let standardMethods: Set<HTTPRequest.Method> = [
            .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect,
        ]

        /// The `route` label of a request no route matched.
        static let unmatchedRoute = "unmatched"

        /// Makes the service's metrics.
        ///
        /// - Parameter factory: Where they go: the factory the program bootstrapped by default;
        ///   a factory of their own keeps tests, or several services in one process, apart.
        public init(factory: any MetricsFactory = MetricsSystem.factory) {
            self.factory = factory
            idsIssued = Counter(label: "miniflake_ids_issued_total", factory: factory)
            batchSizes = Recorder(label: "miniflake_batch_size", aggregate: true, factory: factory)
            clockLead = Gauge(label: "miniflake_clock_lead_seconds", factory: factory)
            var errors: [FlakeServerError.Code: Counter] = [:]
            for code in FlakeServerError.Code.allCases {
                errors[code] = Counter(
                    label: "miniflake_errors_total", dimensions: [("code", code.rawValue)], factory: factory)
            }
            self.errors = errors
            var registrations: [RegistrationResult: Counter] = [:]
            for result in RegistrationResult.allCases {
                registrations[result] = Counter(
                    label: "miniflake_registrations_total", dimensions: [("result", result.rawValue)],
                    factory: factory)
            }
            self.registrations = registrations
            retirements = Counter(label: "miniflake_retirements_total", factory: factory)
            var registryErrors: [String: Counter] = [:]
            for code in Self.registryErrorCodes {
                registryErrors[code] = Self.registryErrorCounter(code, factory: factory)
            }
            self.registryErrors = LockedValue(registryErrors)
        }

        private static func registryErrorCounter(_ code: String, factory: any MetricsFactory) -> Counter {
            Counter(label: "miniflake_registry_errors_total", dimensions: [("code", code)], factory: factory)
        }

        /// Counts one registration request by how it ended.
        func countRegistration(_ result: RegistrationResult) {
            registrations[result]?.increment()
        }

        /// Counts one retired installation.
        func countRetirement() {
            retirements.increment()
        }

        /// Counts one failure the registry threw, by its code.
        func countRegistryError(_ code: String) {
            let factory = factory
            registryErrors.withLock { counters in
                if let counter = counters[code] { return counter }
                let made = Self.registryErrorCounter(code, factory: factory)
                counters[code] = made
                return made
            }.increment()
        }

        /// Counts one error response by its code.
        func countError(_ code: FlakeServerError.Code) {
            errors[code]?.increment()
        }

        /// Counts `count` IDs issued and sets the clock-lead gauge from the last one's time.
        func issued(_ count: Int, lastMillisecondsSince1970: Int64, now: Int64) {
            idsIssued.increment(by: Int64(count))
            clockLead.record(Double(max(0, lastMillisecondsSince1970 - now)) / 1000)
        }

        /// Records the count of one `GET /v1/ids` in `miniflake_batch_size`.
        func recordBatch(_ count: Int) {
            batchSizes.record(count)
        }

        /// Records one request's latency under its route template, method and status.
        func recordRequest(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
            let methodLabel = Self.standardMethods.contains(method) ? method.rawValue : "other"
            requestTimer(route: route, method: methodLabel, status: status).record(duration: duration)
        }

        /// The latency series of one route template, method and status, made the first time
        /// it is asked for; each connection's ``NewIDAnswer`` keeps its own.
        func requestTimer(route: String, method: String, status: Int) -> Timer {
            let key = DurationKey(route: route, method: method, status: status)
            let factory = factory
            return durations.withLock { timers in
                if let existing = timers[key] { return existing }
                let made = key.makeTimer(factory: factory)
                timers[key] = made
                return made
            }
        }

        /// The labels of one latency series.
        private struct DurationKey: Hashable {
            let route: String
            let method: String
            let status: Int

            func makeTimer(factory: any MetricsFactory) -> Timer {
                Timer(
                    label: "miniflake_http_request_duration_seconds",
                    dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory)
            }
        }
    }
#endif
