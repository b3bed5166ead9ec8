#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlakeServer
    import Testing

    @Suite("Registry: validation with an account, and metrics")
    struct RegistryValidateAndMetricsTests {
        /// An ID made at the test clock's time on `instance`.
        static func id(instance: Int) -> String {
            String(180_137_600_000 << 22 | Int64(instance))
        }

        @Test("With an account, an ID whose instance number is not live in it is instance_not_registered")
        func validateWithAccount() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let registered = try await client.execute(
                    uri: "/v1/accounts/account-42/installations/phone", method: .put,
                    headers: RegistryTestService.authorizedJSON, body: .text(#"{"provisionalInstance": 700}"#))
                #expect(registered.status == .created)
                let body =
                    #"{"ids": ["\#(Self.id(instance: 700))", "\#(Self.id(instance: 7))"], "account": "account-42"}"#
                let response = try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: RegistryTestService.authorizedJSON,
                    body: .text(body))
                #expect(response.status == .ok, "\(response.text)")
                let results = try response.decoded(ValidationResults.self).results
                #expect(results.map(\.valid) == [true, false])
                #expect(results[1].reason?.code == "instance_not_registered")
                // Retired, the number no longer passes.
                _ = try await client.execute(
                    uri: "/v1/accounts/account-42/installations/phone", method: .delete,
                    headers: RegistryTestService.authorized)
                let after = try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: RegistryTestService.authorizedJSON,
                    body: .text(body))
                #expect(
                    try after.decoded(ValidationResults.self).results.map(\.reason?.code) == [
                        "instance_not_registered", "instance_not_registered",
                    ])
                // Without an account, the registry is not asked and no token is needed.
                let plain = try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: [.contentType: "application/json"],
                    body: .text(#"{"ids": ["\#(Self.id(instance: 7))"]}"#))
                #expect(try plain.decoded(ValidationResults.self).results.map(\.valid) == [true])
            }
        }

        @Test("An account needs the token (401), a valid name (400), and a registry (400 registry_not_configured)")
        func validateErrors() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            let body = #"{"ids": ["\#(Self.id(instance: 7))"], "account": "account-42"}"#
            try await service.application.test(.router) { client in
                let noToken = try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: [.contentType: "application/json"],
                    body: .text(body))
                try noToken.expectError(.unauthorized, code: "unauthorized")
                let badName = try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: RegistryTestService.authorizedJSON,
                    body: .text(#"{"ids": [], "account": ""}"#))
                try badName.expectError(.badRequest, code: "invalid_name")
            }
            try await TestService().application.test(.router) { client in
                let response = try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: RegistryTestService.authorizedJSON,
                    body: .text(body))
                try response.expectError(.badRequest, code: "registry_not_configured")
            }
        }

        @Test("/metrics counts registrations by result, retirements and registry errors")
        func metrics() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let path = "/v1/accounts/account-42/installations"
                let headers = RegistryTestService.authorizedJSON
                _ = try await client.execute(uri: "\(path)/a", method: .put, headers: headers)
                _ = try await client.execute(uri: "\(path)/a", method: .put, headers: headers)
                _ = try await client.execute(uri: "\(path)/b", method: .put, headers: headers)
                _ = try await client.execute(
                    uri: "\(path)/c", method: .put, headers: headers, body: .text(#"{"provisionalInstance": 5000}"#))
                _ = try await client.execute(uri: "\(path)/a", method: .delete, headers: headers)
                _ = try await client.execute(uri: "\(path)/a", method: .delete, headers: headers)
                _ = try await client.execute(uri: path, method: .get, headers: [:])
                let text = try await client.execute(uri: "/metrics", method: .get).text
                let lines = Set(text.split(separator: "\n").map(String.init))
                for name in ServiceMetricNames.all {
                    #expect(text.contains("# TYPE \(name) "), "\(name)")
                }
                #expect(lines.contains(#"miniflake_registrations_total{result="created"} 2"#))
                #expect(lines.contains(#"miniflake_registrations_total{result="existing"} 1"#))
                #expect(lines.contains(#"miniflake_registrations_total{result="failed"} 1"#))
                #expect(lines.contains("miniflake_retirements_total 1"))
                #expect(lines.contains(#"miniflake_registry_errors_total{code="instance_out_of_range"} 1"#))
                #expect(lines.contains(#"miniflake_registry_errors_total{code="storage_failed"} 0"#))
                #expect(lines.contains(#"miniflake_errors_total{code="installation_not_found"} 1"#))
                #expect(lines.contains(#"miniflake_errors_total{code="unauthorized"} 1"#))
                #expect(
                    lines.contains(
                        #"miniflake_http_request_duration_seconds_count{route="/v1/accounts/{account}/installations/{installation}",method="PUT",status="201"} 2"#
                    ), "\(text)")
            }
        }
    }
#endif
