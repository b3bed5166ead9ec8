#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlakeServer
    import Prometheus
    import Testing

    @Suite("GET /health and GET /metrics")
    struct HealthAndMetricsTests {
        @Test("/health is 200 with the layout and the instance number while one is held")
        func healthy() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/health", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(
                        response.text
                            == #"{"currentInstanceNumber":7,"instanceHeld":true,"layout":"miniflake","status":"ok"}"#)
                }
            }
        }

        @Test("/health is 503 while the issuer holds no instance number")
        func unhealthy() async throws {
            let configuration = FlakeServerConfiguration(issuer: LeaseLostIssuer(), logger: TestService.quietLogger)
            try await FlakeServer.makeApplication(configuration: configuration).test(.router) { client in
                try await client.execute(uri: "/health", method: .get) { response in
                    #expect(response.status == .serviceUnavailable)
                    let health = try response.decoded(HealthBody.self)
                    #expect(health.status == "unavailable")
                    #expect(health.layout == "miniflake")
                    #expect(!health.instanceHeld)
                    #expect(health.currentInstanceNumber == nil)
                    #expect(
                        response.text
                            == #"{"currentInstanceNumber":null,"instanceHeld":false,"layout":"miniflake","status":"unavailable"}"#
                    )
                }
            }
        }

        @Test("/metrics has every documented metric, with the counts of the requests made")
        func metrics() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                _ = try await client.execute(uri: "/v1/id", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/v1/ids?count=5", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/v1/ids?count=abc", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/nowhere", method: .get, headers: [:], body: nil)
                try await client.execute(uri: "/metrics", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                    let text = response.text
                    for name in ServiceMetricNames.all {
                        #expect(text.contains("# TYPE \(name) "), "\(name)")
                    }
                    let lines = Set(text.split(separator: "\n").map(String.init))
                    #expect(lines.contains("miniflake_ids_issued_total 6"))
                    #expect(lines.contains("miniflake_batch_size_count 1"))
                    #expect(lines.contains("miniflake_batch_size_sum 5.0"))
                    #expect(lines.contains(#"miniflake_errors_total{code="invalid_count"} 1"#))
                    #expect(lines.contains(#"miniflake_errors_total{code="not_found"} 1"#))
                    #expect(lines.contains(#"miniflake_errors_total{code="lead_limit_reached"} 0"#))
                    #expect(lines.contains("miniflake_clock_lead_seconds 0.0"))
                    #expect(
                        lines.contains(
                            #"miniflake_http_request_duration_seconds_count{route="/v1/ids",method="GET",status="200"} 1"#
                        ))
                    #expect(
                        lines.contains(
                            #"miniflake_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"} 1"#
                        ))
                }
            }
        }

        @Test("The clock-lead gauge shows how far a burst ran ahead of the clock")
        func clockLead() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                // 10,000 IDs at 4096 per millisecond end two milliseconds ahead.
                _ = try await client.execute(uri: "/v1/ids?count=10000", method: .get, headers: [:], body: nil)
                let text = try await client.execute(uri: "/metrics", method: .get, headers: [:], body: nil).text
                #expect(text.split(separator: "\n").contains("miniflake_clock_lead_seconds 0.002"))
            }
        }

        @Test("Two services keep their metrics apart: nothing is global")
        func separateRegistries() async throws {
            let first = try TestService()
            let second = try TestService()
            try await first.application.test(.router) { client in
                _ = try await client.execute(uri: "/v1/id", method: .get, headers: [:], body: nil)
            }
            #expect(first.configuration.metricsText.contains("miniflake_ids_issued_total 1"))
            #expect(second.configuration.metricsText.contains("miniflake_ids_issued_total 0"))
        }

        @Test("Without a metrics endpoint there is no /metrics: 404, whatever the method")
        func noEndpointNoRoute() async throws {
            var configuration = try TestService().configuration
            configuration.metricsEndpoint = nil
            try await FlakeServer.makeApplication(configuration: configuration, port: 0).test(.router) { client in
                for method in [HTTPRequest.Method.get, .post] {
                    try await client.execute(uri: "/metrics", method: method) { response in
                        try response.expectError(.notFound, code: "not_found")
                    }
                }
                try await client.execute(uri: "/health", method: .post) { response in
                    #expect(response.status == .methodNotAllowed)
                    #expect(response.headers[.allow] == "GET")
                }
            }
        }
    }
#endif
