#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import Logging
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeServer
    import Prometheus
    import Testing

    /// A service on a clock that moves only when told, so the IDs it makes are known in advance.
    struct TestService {
        /// 2023-11-14T22:13:20.000Z.
        static let start: Int64 = 1_700_000_000_000

        let clock: ManualFlakeClock
        let maker: FlakeMaker
        let configuration: FlakeServerConfiguration

        /// A service on instance 7 of the miniflake layout, its clock at ``start``.
        init(
            maximumLead: Duration = .seconds(1),
            maximumLeadWait: Duration = .milliseconds(250),
            maximumBodyBytes: Int = FlakeServerConfiguration.defaultMaximumBodyBytes
        ) throws {
            clock = ManualFlakeClock(millisecondsSince1970: Self.start)
            maker = try FlakeMaker(instance: 7, clock: clock.flakeClock, maximumLead: maximumLead)
            configuration = FlakeServerConfiguration(
                issuer: maker, maximumBodyBytes: maximumBodyBytes, clock: clock.flakeClock,
                maximumLeadWait: maximumLeadWait, logger: Self.quietLogger
            ).withTestMetrics()
        }

        var application: some ApplicationProtocol {
            FlakeServer.makeApplication(configuration: configuration, port: 0)
        }

        /// A logger that drops everything below errors.
        static var quietLogger: Logger {
            var logger = Logger(label: "miniflake.server.test")
            logger.logLevel = .error
            return logger
        }
    }

    /// The JSON shapes the service answers with, for decoding in tests.
    struct IDDetails: Decodable, Equatable {
        let id: String
        let base32: String
        let hex: String
        let time: String
        let millisecondsSince1970: Int64
        let sequence: Int
        let instance: Int
        let layout: String
        /// Only in `GET /v1/ids/{id}` answers, for an ID of a preset layout.
        let uuid: String?
    }

    extension FlakeServerConfiguration {
        /// The configuration with metrics of its own, in a fresh Prometheus registry that
        /// `GET /metrics` renders, as `miniflake serve` has them: tests never share metrics.
        func withTestMetrics() -> FlakeServerConfiguration {
            let registry = PrometheusCollectorRegistry()
            var configuration = self
            configuration.metrics = FlakeServerMetrics(factory: PrometheusMetricsFactory(registry: registry))
            configuration.metricsEndpoint = FlakeMetricsEndpoint { registry.emit(into: &$0) }
            return configuration
        }

        /// What `GET /metrics` would answer now.
        var metricsText: String {
            var bytes: [UInt8] = []
            metricsEndpoint?.render(&bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The body of `GET /v1/id`.
    struct NewIDBody: Decodable {
        let id: String

        /// The ID's parts in the service's layout.
        func parts() throws -> FlakeParts {
            FlakeLayout.miniFlake.parts(of: try FlakeID(decimal: id))
        }
    }

    struct IDList: Decodable {
        let ids: [String]
    }

    struct ErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String
        }
        let error: Detail
    }

    struct ValidationResults: Decodable {
        struct Result: Decodable {
            struct Reason: Decodable {
                let code: String
                let message: String
                var retryAfterMilliseconds: Int64? = nil
            }
            let id: String
            let valid: Bool
            let reason: Reason?
        }
        let results: [Result]
    }

    struct HealthBody: Decodable {
        let status: String
        let layout: String
        let instanceHeld: Bool
        let currentInstanceNumber: Int?
    }

    extension TestResponse {
        /// The body decoded as JSON.
        func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try JSONDecoder().decode(type, from: Data(body.readableBytesView))
        }

        /// The body as text.
        var text: String { String(buffer: body) }

        /// Checks that this is a JSON error with the status and code and a message.
        func expectError(
            _ status: HTTPResponse.Status, code: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            #expect(self.status == status, "body: \(text)", sourceLocation: sourceLocation)
            #expect(headers[.contentType] == "application/json", sourceLocation: sourceLocation)
            let error = try decoded(ErrorBody.self)
            #expect(error.error.code == code, sourceLocation: sourceLocation)
            #expect(!error.error.message.isEmpty, sourceLocation: sourceLocation)
        }

        /// The message of a JSON error body.
        var errorMessage: String {
            get throws { try decoded(ErrorBody.self).error.message }
        }
    }

    extension ByteBuffer {
        /// A buffer holding UTF-8 text.
        static func text(_ text: String) -> ByteBuffer {
            ByteBuffer(string: text)
        }
    }

    /// An issuer whose lease is lost: it holds no instance number and refuses to make IDs.
    struct LeaseLostIssuer: FlakeIssuer {
        static let lost = FlakeError(
            .noInstance, retryAfter: .milliseconds(400), message: "the lease on instance 9 expired")

        var layout: FlakeLayout { .miniFlake }
        var currentInstanceNumber: Int? { nil }
        var maximumBatchCount: Int { 100_000 }

        func nextImmediately() throws(FlakeError) -> FlakeID {
            throw Self.lost
        }

        func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch {
            throw Self.lost
        }
    }
#endif
