#if Server
    import Hummingbird
    import MiniFlake
    import Prometheus

    /// The service's Prometheus metrics, kept in a registry of their own so that tests and
    /// several services in one process never share a global metrics system.
    ///
    /// | Metric | Type | Labels |
    /// |---|---|---|
    /// | `miniflake_ids_issued_total` | counter | |
    /// | `miniflake_batch_size` | histogram (IDs per `GET /v1/ids`) | |
    /// | `miniflake_http_request_duration_seconds` | histogram | `route`, `method`, `status` |
    /// | `miniflake_clock_lead_seconds` | gauge (last ID's time minus the clock, ≥ 0) | |
    /// | `miniflake_errors_total` | counter | `code` (see ``FlakeServerError/Code``) |
    /// | `miniflake_registrations_total` | counter (`PUT` of an installation) | `result`: `created`, `existing`, `failed` |
    /// | `miniflake_retirements_total` | counter (`DELETE` of a live installation) | |
    /// | `miniflake_registry_errors_total` | counter (failures the registry threw) | `code` (see `InstanceRegistryError.Code`) |
    ///
    /// `route` is the route template the router matched, with the prefix the routes are mounted
    /// under (`/v1/ids/{id}`, or `/ids/v1/ids/{id}` under `/ids`); `unmatched` for a request
    /// `miniflake serve` has no route for.
    public final class FlakeServerMetrics: Sendable {
        /// The names of every metric the service exports.
        public static let names = [
            "miniflake_ids_issued_total",
            "miniflake_batch_size",
            "miniflake_http_request_duration_seconds",
            "miniflake_clock_lead_seconds",
            "miniflake_errors_total",
            "miniflake_registrations_total",
            "miniflake_retirements_total",
            "miniflake_registry_errors_total",
        ]

        /// How a registration request ended, the `result` label of `miniflake_registrations_total`.
        enum RegistrationResult: String, CaseIterable {
            /// The installation was registered now (201).
            case created
            /// The installation was live already and got its number again (200).
            case existing
            /// The registry refused or failed.
            case failed
        }

        /// The registry error codes counted from zero; any other is counted when it first happens.
        private static let registryErrorCodes = [
            "invalid_name", "instance_out_of_range", "no_free_instance", "storage_failed",
        ]

        /// The registry the metrics live in; `GET /metrics` renders it.
        public let registry: PrometheusCollectorRegistry

        let idsIssued: Counter
        let batchSizes: ValueHistogram
        let clockLead: Gauge
        private let errors: [FlakeServerError.Code: Counter]
        private let registrations: [RegistrationResult: Counter]
        private let retirements: Counter
        private let durations = LockedValue<[DurationKey: DurationHistogram]>([:])
        /// `GET /v1/id` answered 200: the series every ID request lands in, made up front.
        private let newIDAnswered: DurationHistogram

        private static let durationBuckets: [Duration] = [
            .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        ]
        private static let batchBuckets: [Double] = [1, 10, 100, 1_000, 2_500, 5_000, 10_000, 100_000]

        /// The methods counted under their own name; any other is counted as `other`, so that a
        /// client cannot grow the label set without bound.
        private static let standardMethods: Set<HTTPRequest.Method> = [
            .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect,
        ]

        /// The label a request that matched no route is counted under.
        static let unmatchedRoute = "unmatched"

        /// Creates the metrics in a registry.
        ///
        /// - Parameter registry: Where to register them; a fresh registry by default.
        public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
            self.registry = registry
            idsIssued = registry.makeCounter(
                descriptor: Self.descriptor("ids_issued", unit: "total", "IDs issued by GET /v1/id and GET /v1/ids."),
                labels: [])
            batchSizes = registry.makeValueHistogram(
                descriptor: Self.descriptor("batch_size", unit: "", "IDs asked for per GET /v1/ids request."),
                labels: [], buckets: Self.batchBuckets)
            clockLead = registry.makeGauge(
                descriptor: Self.descriptor(
                    "clock_lead", unit: "seconds",
                    "How far the timestamp of the last ID issued is ahead of the clock."),
                labels: [])
            let errorDescriptor = Self.descriptor(
                "errors", unit: "total", "Error responses by code; every 4xx and 5xx the service sends.")
            var errors: [FlakeServerError.Code: Counter] = [:]
            for code in FlakeServerError.Code.allCases {
                errors[code] = registry.makeCounter(descriptor: errorDescriptor, labels: [("code", code.rawValue)])
            }
            self.errors = errors
            let registrationDescriptor = Self.descriptor(
                "registrations", unit: "total", "Installation registrations by result: created, existing or failed.")
            var registrations: [RegistrationResult: Counter] = [:]
            for result in RegistrationResult.allCases {
                registrations[result] = registry.makeCounter(
                    descriptor: registrationDescriptor, labels: [("result", result.rawValue)])
            }
            self.registrations = registrations
            retirements = registry.makeCounter(
                descriptor: Self.descriptor("retirements", unit: "total", "Installations retired by DELETE."),
                labels: [])
            for code in Self.registryErrorCodes {
                _ = registry.makeCounter(descriptor: Self.registryErrorDescriptor, labels: [("code", code)])
            }
            let newIDKey = DurationKey(route: FlakeRoute.id.rawValue, method: "GET", status: 200)
            let newIDAnswered = Self.makeDurationHistogram(in: registry, key: newIDKey)
            self.newIDAnswered = newIDAnswered
            durations.withLock { $0[newIDKey] = newIDAnswered }
        }

        private static var registryErrorDescriptor: MetricNameDescriptor {
            descriptor("registry_errors", unit: "total", "Failures the instance registry threw, by code.")
        }

        /// Counts a registration request by how it ended.
        func countRegistration(_ result: RegistrationResult) {
            registrations[result]?.increment()
        }

        /// Counts a retired installation.
        func countRetirement() {
            retirements.increment()
        }

        /// Counts a failure the registry threw.
        func countRegistryError(_ code: String) {
            registry.makeCounter(descriptor: Self.registryErrorDescriptor, labels: [("code", code)]).increment()
        }

        /// The metrics in Prometheus' text exposition format.
        public func render() -> ByteBuffer {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(16_384)
            registry.emit(into: &bytes)
            return ByteBuffer(bytes: bytes)
        }

        /// Counts an error response.
        func countError(_ code: FlakeServerError.Code) {
            errors[code]?.increment()
        }

        /// Counts freshly issued IDs and sets the clock lead from the last one's timestamp.
        func issued(_ count: Int, lastMillisecondsSince1970: Int64, now: Int64) {
            idsIssued.increment(by: Int64(count))
            clockLead.set(to: Double(max(0, lastMillisecondsSince1970 - now)) / 1000)
        }

        /// Records how long a request took.
        /// Records a `GET /v1/id` answered with 200 by ``NewIDFastPath``, in the same histogram
        /// as the router's `GET /v1/id` answers, without looking it up.
        func recordNewID(duration: Duration) {
            newIDAnswered.record(duration)
        }

        func recordRequest(route: String, method: HTTPRequest.Method, status: Int, duration: Duration) {
            let methodLabel = Self.standardMethods.contains(method) ? method.rawValue : "other"
            durationHistogram(route: route, method: methodLabel, status: status).record(duration)
        }

        /// The histogram of one route, method and status, made the first time it is needed.
        private func durationHistogram(route: String, method: String, status: Int) -> DurationHistogram {
            let key = DurationKey(route: route, method: method, status: status)
            return durations.withLock { cache in
                if let existing = cache[key] { return existing }
                let made = Self.makeDurationHistogram(in: registry, key: key)
                cache[key] = made
                return made
            }
        }

        private static func makeDurationHistogram(
            in registry: PrometheusCollectorRegistry, key: DurationKey
        ) -> DurationHistogram {
            registry.makeDurationHistogram(
                descriptor: descriptor(
                    "http_request_duration", unit: "seconds", "Time to answer a request, by route and status."),
                labels: [("route", key.route), ("method", key.method), ("status", String(key.status))],
                buckets: durationBuckets)
        }

        private static func descriptor(_ name: String, unit: String, _ help: String) -> MetricNameDescriptor {
            MetricNameDescriptor(namespace: "miniflake", metricName: name, unitName: unit, helpText: help)
        }

        /// The labels one request-duration histogram is kept for.
        private struct DurationKey: Hashable {
            let route: String
            let method: String
            let status: Int
        }
    }
#endif
