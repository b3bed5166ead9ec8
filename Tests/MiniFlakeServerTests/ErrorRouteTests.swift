#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlakeServer
    import Testing

    @Suite("Errors a client can cause")
    struct ErrorRouteTests {
        @Test("An error body, byte for byte: code then message, slashes as they are")
        func exactErrorBody() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/nope", method: .get) { response in
                    #expect(
                        response.text == #"{"error":{"code":"not_found","message":"no route for path '/v1/nope'"}}"#)
                }
            }
        }

        @Test(
            "An unknown path is a 404 not_found JSON error", arguments: ["/v1", "/v2/id", "/v1/id/extra", "/nope"])
        func unknownRoute(uri: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: uri, method: .get) { response in
                    try response.expectError(.notFound, code: "not_found")
                }
            }
        }

        @Test(
            "A known path with the wrong method is a 405 with Allow",
            arguments: [
                ("/v1/id", HTTPRequest.Method.post, "GET"),
                ("/v1/ids", .delete, "GET"),
                ("/v1/ids/123", .put, "GET"),
                ("/v1/ids/validate", .get, "POST"),
                ("/health", .post, "GET"),
                ("/metrics", .patch, "GET"),
                ("/", .post, "GET"),
            ])
        func wrongMethod(uri: String, method: HTTPRequest.Method, allow: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: uri, method: method) { response in
                    try response.expectError(.methodNotAllowed, code: "method_not_allowed")
                    #expect(response.headers[.allow] == allow)
                }
            }
        }

        @Test("Errors over a real connection have the same JSON bodies")
        func liveErrors() async throws {
            let service = try TestService()
            try await service.application.test(.live) { client in
                try await client.execute(uri: "/missing", method: .get) { response in
                    try response.expectError(.notFound, code: "not_found")
                }
                try await client.execute(uri: "/v1/ids?count=0", method: .get) { response in
                    try response.expectError(.badRequest, code: "count_out_of_range")
                }
                try await client.execute(uri: "/v1/ids/not-an-id!", method: .get) { response in
                    try response.expectError(.badRequest, code: "malformed_id")
                }
                // The connection is still usable after errors.
                try await client.execute(uri: "/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }
#endif
