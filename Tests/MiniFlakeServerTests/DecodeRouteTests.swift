#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import Testing

    @Suite("GET /v1/ids/{id}")
    struct DecodeRouteTests {
        /// The parts of 2968523523440640007 under the miniflake layout, worked out by hand.
        static let known = IDDetails(
            id: "2968523523440640007", base32: "2JCJGDAN14007", hex: "2932506aaa120007",
            time: "2040-08-03T13:32:40.488Z", millisecondsSince1970: 2_227_613_560_488, sequence: 1152, instance: 7,
            layout: "miniflake", uuid: "0206a81d-6ea8-7526-9283-55509000388f")

        @Test(
            "A decimal or base32 ID (either case, hyphens ignored), or its UUID, is taken apart",
            arguments: [
                "2968523523440640007", "2JCJGDAN14007", "2jcjgdan14007", "2JCJ-GDAN-14007", "2JCJGDAN14OO7",
                "0206a81d-6ea8-7526-9283-55509000388f",
            ])
        func decodesKnownID(text: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/\(text)", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json")
                    let details = try response.decoded(IDDetails.self)
                    #expect(details == Self.known)
                }
            }
        }

        @Test("An ID the service made decodes to the parts it was made with")
        func roundTrip() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                let made = try await client.execute(uri: "/v1/id", method: .get, headers: [:], body: nil)
                let body = try made.decoded(NewIDBody.self)
                let id = try FlakeID(decimal: body.id)
                let parts = try body.parts()
                for text in [body.id, id.base32String] {
                    try await client.execute(uri: "/v1/ids/\(text)", method: .get) { response in
                        let decoded = try response.decoded(IDDetails.self)
                        #expect(decoded.id == body.id)
                        #expect(decoded.millisecondsSince1970 == parts.millisecondsSince1970)
                        #expect(decoded.sequence == parts.sequence)
                        #expect(decoded.instance == parts.instanceNumber)
                    }
                }
            }
        }

        @Test(
            "Text that is not an ID is a 400 malformed_id that says why",
            arguments: [
                ("9223372036854775808", "larger than the largest ID"),
                ("12345678901234567890", "at most 19"),
                ("2JCJGDAN14007U", "'U'"),
                ("ZZZZZZZZZZZZZ", "larger than the largest ID"),
                ("%2B12", "no sign"),
                ("abc%20def", "position 4"),
                ("hello", "invalid base32 ID 'hello': 5 symbols, a base32 ID has 13"),
                ("2JCJGDAN1400", "12 symbols"),
                ("2JCJ-GDAN-14007-0", "14 symbols"),
            ])
        func malformed(text: String, reason: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/\(text)", method: .get) { response in
                    try response.expectError(.badRequest, code: "malformed_id")
                    let message = try response.errorMessage
                    #expect(message.contains(reason), "\(message)")
                }
            }
        }
    }
#endif
