#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import Testing

    @Suite("GET /v1/ids/{id}")
    struct DecodeRouteTests {
        /// The parts of 960471290085376007 (the documentation's example) under the miniflake
        /// layout, worked out by hand.
        static let known = IDDetails(
            id: "960471290085376007", base32: "0TN27HJQ80007", hex: "0d54478cae800007",
            time: "2025-06-02T09:30:00.250Z", millisecondsSince1970: 1_748_856_600_250, sequence: 0, instance: 7,
            layout: "miniflake", uuid: "01972ff9-f6ba-71aa-a23c-65740000382f")

        @Test(
            "A decimal, hex or base32 ID (either case, hyphens ignored), or its UUID, is taken apart",
            arguments: [
                "960471290085376007", "0TN27HJQ80007", "0tn27hjq80007", "0TN2-7HJQ-80007", "OTN27HJQ8OOO7",
                "0d54478cae800007", "0x0d54478cae800007", "0XD54478CAE800007", "01972ff9-f6ba-71aa-a23c-65740000382f",
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

        @Test("All digits is decimal, whatever the clock; when hex reads the text too, the answer says so")
        func twoReadingsAreNamed() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids/1500000000000000?layout=twitter", method: .get) { response in
                    #expect(response.status == .ok)
                    let text = String(buffer: response.body)
                    #expect(text.contains(#""time":"2010-11-08T05:03:22.525Z""#))
                    #expect(text.hasSuffix(#","readAs":"decimal","alsoReadsAs":["hex"]}"#), "\(text)")
                }
                try await client.execute(uri: "/v1/ids/0x1500000000000000?layout=twitter", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(!String(buffer: response.body).contains("readAs"))
                }
                try await client.execute(uri: "/v1/ids/960471290085376007", method: .get) { response in
                    #expect(!String(buffer: response.body).contains("readAs"))
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
