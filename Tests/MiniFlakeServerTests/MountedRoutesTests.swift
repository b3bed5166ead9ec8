#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import Testing

    /// An application's own request context, as a Hummingbird app would declare it.
    struct AppRequestContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        /// Something of the app's own, to show the context is not ours.
        var greeting = "hello"

        init(source: ApplicationRequestContextSource) {
            coreContext = CoreRequestContextStorage(source: source)
        }
    }

    @Suite("FlakeRoutes mounted under a prefix in an application of its own")
    struct MountedRoutesTests {
        /// An application with its own context and its own `GET /hello`, the ID routes under `/ids`.
        static func application(
            _ service: TestService, routes: FlakeRoutes<AppRequestContext>? = nil
        ) -> some ApplicationProtocol {
            let router = Router(context: AppRequestContext.self)
            router.get("/hello") { _, context in
                context.greeting
            }
            let routes = routes ?? FlakeRoutes(configuration: service.configuration)
            router.addRoutes(routes.collection, atPath: "/ids")
            return Application(router: router)
        }

        @Test("/ids/v1/id issues an ID, /ids/v1/ids a batch")
        func issues() async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                try await client.execute(uri: "/ids/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                    let parts = try response.decoded(NewIDBody.self).parts()
                    #expect(parts.instanceNumber == 7)
                    #expect(parts.millisecondsSince1970 == TestService.start)
                }
                try await client.execute(uri: "/ids/v1/ids?count=3", method: .get) { response in
                    #expect(response.status == .ok)
                    let list = try response.decoded(IDList.self)
                    #expect(list.ids.count == 3)
                }
            }
        }

        @Test("/ids/v1/ids/{id}?layout=discord decodes")
        func decodes() async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                try await client.execute(uri: "/ids/v1/ids/175928847299117063?layout=discord", method: .get) {
                    response in
                    #expect(response.status == .ok)
                    let details = try response.decoded(IDDetails.self)
                    #expect(details.time == "2016-04-30T11:18:25.796Z")
                    #expect(details.instance == 32)
                    #expect(details.layout == "discord")
                }
            }
        }

        @Test(
            "Errors inside the routes are the service's JSON bodies with their codes",
            arguments: [
                ("/ids/v1/ids/not-an-id", HTTPResponse.Status.badRequest, "malformed_id"),
                ("/ids/v1/ids/1?layout=snowflake", .badRequest, "invalid_layout"),
                ("/ids/v1/ids?count=abc", .badRequest, "invalid_count"),
                ("/ids/v1/ids?count=0", .badRequest, "count_out_of_range"),
            ])
        func errors(uri: String, status: HTTPResponse.Status, code: String) async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == status)
                    #expect(response.headers[.contentType] == "application/json")
                    let body = try response.decoded(ErrorBody.self)
                    #expect(body.error.code == code)
                }
            }
        }

        @Test("A validation body that is not JSON is malformed_json under the prefix too")
        func validateErrors() async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                try await client.execute(
                    uri: "/ids/v1/ids/validate", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: "{")
                ) { response in
                    #expect(response.status == .badRequest)
                    let body = try response.decoded(ErrorBody.self)
                    #expect(body.error.code == "malformed_json")
                }
            }
        }

        @Test("The app's own route is untouched, and an unknown path gets the app's own 404")
        func appRoutesUntouched() async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                try await client.execute(uri: "/hello", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text == "hello")
                }
                for uri in ["/nowhere", "/ids/nowhere", "/ids/v1/idz"] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.status == .notFound, "\(uri)")
                        // Hummingbird's own 404 has no body, not the service's JSON error.
                        #expect(response.headers[.contentType] != "application/json", "\(uri)")
                        #expect(!response.text.contains("not_found"), "\(uri)")
                    }
                }
            }
            #expect(!service.configuration.metricsText.contains(#"route="unmatched""#))
        }

        @Test("Metrics are labelled by the matched route, the prefix included")
        func metricsByMatchedRoute() async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                _ = try await client.execute(uri: "/ids/v1/ids/12345", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/ids/v1/ids/67890", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/ids/v1/ids/x!", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/ids/v1/id", method: .get, headers: [:], body: nil)
                _ = try await client.execute(uri: "/hello", method: .get, headers: [:], body: nil)
                try await client.execute(uri: "/ids/metrics", method: .get) { response in
                    #expect(response.status == .ok)
                    let lines = Set(response.text.split(separator: "\n").map(String.init))
                    #expect(
                        lines.contains(
                            #"miniflake_http_request_duration_seconds_count{route="/ids/v1/ids/{id}",method="GET",status="200"} 2"#
                        ))
                    #expect(
                        lines.contains(
                            #"miniflake_http_request_duration_seconds_count{route="/ids/v1/ids/{id}",method="GET",status="400"} 1"#
                        ))
                    #expect(
                        lines.contains(
                            #"miniflake_http_request_duration_seconds_count{route="/ids/v1/id",method="GET",status="200"} 1"#
                        ))
                    #expect(!response.text.contains("/hello"))
                    #expect(lines.contains(#"miniflake_errors_total{code="malformed_id"} 1"#))
                }
            }
        }

        @Test("The inspector, health and metrics can be left out")
        func optionalRoutes() async throws {
            let service = try TestService()
            var configuration = service.configuration
            configuration.metricsEndpoint = nil
            let routes = FlakeRoutes<AppRequestContext>(
                configuration: configuration, includesInspector: false, includesHealth: false)
            try await Self.application(service, routes: routes).test(.router) { client in
                for uri in ["/ids", "/ids/health", "/ids/metrics"] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.status == .notFound, "\(uri)")
                    }
                }
                try await client.execute(uri: "/ids/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }

        @Test("The inspector page is served at the prefix, and calls the API relative to where it is")
        func inspectorUnderPrefix() async throws {
            let service = try TestService()
            try await Self.application(service).test(.router) { client in
                for uri in ["/ids", "/ids/"] {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.status == .ok, "\(uri)")
                        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                        let page = response.text
                        #expect(page.contains("window.location.pathname"))
                        #expect(page.contains(#"apiBase + "/v1/ids/""#))
                        #expect(!page.contains(#"getJSON("/v1"#))
                    }
                }
                try await client.execute(uri: "/ids/health", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }

        @Test("The routes go straight onto a router group too, with their middleware")
        func routerGroup() async throws {
            let service = try TestService()
            let router = Router(context: AppRequestContext.self)
            let api = router.group("/api")
            FlakeRoutes<AppRequestContext>(configuration: service.configuration).add(to: api, atPath: "/flake")
            try await Application(router: router).test(.router) { client in
                try await client.execute(uri: "/api/flake/v1/ids/not-an-id", method: .get) { response in
                    #expect(response.status == .badRequest)
                    let body = try response.decoded(ErrorBody.self)
                    #expect(body.error.code == "malformed_id")
                }
                try await client.execute(uri: "/api/flake/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }
#endif
