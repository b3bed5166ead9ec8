#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import Testing

    @Suite("GET /v1/ids/{id}?layout=NAME")
    struct DecodeLayoutRouteTests {
        @Test("A Discord ID decodes under the discord layout, in decimal or base32")
        func discord() async throws {
            let service = try TestService()
            let id = try #require(FlakeID(rawValue: 175_928_847_299_117_063))
            try await service.application.test(.router) { client in
                for text in ["175928847299117063", id.base32String] {
                    try await client.execute(uri: "/v1/ids/\(text)?layout=discord", method: .get) { response in
                        #expect(response.status == .ok)
                        let details = try response.decoded(IDDetails.self)
                        #expect(details.id == "175928847299117063")
                        #expect(details.time == "2016-04-30T11:18:25.796Z")
                        #expect(details.instance == 32)
                        #expect(details.sequence == 7)
                        #expect(details.layout == "discord")
                    }
                }
            }
        }

        @Test("Each preset takes apart an ID composed under it", arguments: FlakeLayout.presets)
        func presets(layout: FlakeLayout) async throws {
            let service = try TestService()
            let id = try layout.compose(tick: 123_456_789, sequence: 5, instanceNumber: 9)
            let parts = layout.parts(of: id)
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/\(id.rawValue)?layout=\(layout.name)", method: .get) {
                    response in
                    #expect(response.status == .ok)
                    let details = try response.decoded(IDDetails.self)
                    #expect(details.layout == layout.name)
                    #expect(details.millisecondsSince1970 == parts.millisecondsSince1970)
                    #expect(details.sequence == 5)
                    #expect(details.instance == 9)
                }
            }
        }

        @Test("Without layout, the server's layout decodes")
        func serverLayout() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/175928847299117063", method: .get) { response in
                    let details = try response.decoded(IDDetails.self)
                    #expect(details.layout == "miniflake")
                    #expect(details.time != "2016-04-30T11:18:25.796Z")
                }
            }
        }

        @Test(
            "An ID above the layout's largest is a 400 after_last_tick",
            arguments: ["9007199254740992", "9223372036854775807", "7ZZZZZZZZZZZZ"])
        func aboveTheLargestID(text: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/\(text)?layout=js53", method: .get) { response in
                    try response.expectError(.badRequest, code: "after_last_tick")
                    let message = try response.errorMessage
                    #expect(message.contains("the largest ID is 9007199254740991"), "\(message)")
                }
                try await client.execute(uri: "/v1/ids/9007199254740991?layout=js53", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }

        @Test(
            "A layout that names no preset is a 400 invalid_layout",
            arguments: ["", "Discord", "snowflake", "discord%20", "miniflake,twitter", "%22%3Cb%3E"])
        func invalidLayout(name: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/175928847299117063?layout=\(name)", method: .get) { response in
                    try response.expectError(.badRequest, code: "invalid_layout")
                    let message = try response.errorMessage
                    #expect(message.contains("miniflake, twitter, discord, sonyflake, js53"), "\(message)")
                }
            }
        }
    }
#endif
