#if Server
    import Hummingbird
    import HummingbirdTesting
    import MiniFlakeServer
    import Testing

    @Suite("POST /v1/ids/validate")
    struct ValidateRouteTests {
        /// An ID made at the test clock's time on instance 7.
        static let now = "755551856230400007"

        func validate(_ json: String, headers: HTTPFields = [.contentType: "application/json"]) async throws
            -> TestResponse
        {
            let service = try TestService()
            return try await service.application.test(.router) { client in
                try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: headers, body: .text(json))
            }
        }

        @Test("Each ID gets a verdict, in order; unreadable IDs are malformed verdicts, not request errors")
        func verdicts() async throws {
            // 1 hour ahead of the clock, 2 minutes behind it, and on instance 8.
            let hourAhead = (180_137_600_000 + 3_600_000) << 22 | 7
            let twoMinutesBehind = (180_137_600_000 - 120_000) << 22 | 7
            let otherInstance = 180_137_600_000 << 22 | 8
            let response = try await validate(
                """
                {"ids": ["\(Self.now)", \(Self.now), "\(hourAhead)", \(twoMinutesBehind), "\(otherInstance)",
                         "12", "abc", "", -5, 99999999999999999999, "-5"],
                 "instances": [7]}
                """)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            let results = try response.decoded(ValidationResults.self).results
            let expected: [(String, String?)] = [
                (Self.now, nil),
                (Self.now, nil),
                ("\(hourAhead)", "in_future"),
                ("\(twoMinutesBehind)", nil),
                ("\(otherInstance)", "instance_not_allowed"),
                ("12", "too_early"),
                ("abc", "malformed"),
                ("", "malformed"),
                ("-5", "negative"),
                ("99999999999999999999", "malformed"),
                ("-5", "malformed"),
            ]
            #expect(results.count == expected.count)
            for (result, (id, code)) in zip(results, expected) {
                #expect(result.id == id)
                #expect(result.valid == (code == nil), "\(id)")
                #expect(result.reason?.code == code, "\(id)")
                #expect((result.reason?.message.isEmpty ?? true) == (code == nil))
            }
        }

        @Test("A whole number is read at its exact value in any JSON notation; past 64 bits it is malformed")
        func wholeNumbersInAnyNotation() async throws {
            let response = try await validate(
                """
                {"ids": [\(Self.now).0, 7.55551856230400007e17, 75555185623040000700e-2, -0.0,
                         9223372036854775808.0, -9223372036854775809, 1e300]}
                """)
            #expect(response.status == .ok)
            let results = try response.decoded(ValidationResults.self).results
            #expect(
                results.map(\.id) == [
                    Self.now, Self.now, Self.now, "0",
                    "9223372036854775808", "-9223372036854775809", "1e+300",
                ])
            #expect(results.prefix(3).map(\.valid) == [true, true, true])
            #expect(results.suffix(3).map { $0.reason?.code } == ["malformed", "malformed", "malformed"])
        }

        @Test("maxSkewMilliseconds overrides the default skew of 5 seconds")
        func skewOverride() async throws {
            let tenSecondsAhead = (180_137_600_000 + 10_000) << 22 | 7
            let lenient = try await validate(#"{"ids": ["\#(tenSecondsAhead)"], "maxSkewMilliseconds": 60000}"#)
            #expect(try lenient.decoded(ValidationResults.self).results.map(\.valid) == [true])
            let strict = try await validate(#"{"ids": ["\#(tenSecondsAhead)"]}"#)
            let verdict = try #require(try strict.decoded(ValidationResults.self).results.first)
            #expect(verdict.reason?.code == "in_future")
            #expect(verdict.reason?.message.contains("10 s in the future") == true)
            #expect(verdict.reason?.retryAfterMilliseconds == 5_000)
            #expect(try lenient.decoded(ValidationResults.self).results.first?.reason == nil)
        }

        @Test("The results body, byte for byte: sorted keys, no reason for a valid ID")
        func exactBody() async throws {
            let response = try await validate(#"{"ids": ["x/y"]}"#)
            #expect(response.status == .ok)
            #expect(
                response.text
                    == #"{"results":[{"id":"x/y","reason":{"code":"malformed","#
                    + #""message":"invalid decimal ID 'x/y': 'x' at position 1 is not a decimal digit"},"valid":false}]}"#
            )
        }

        @Test("An empty list gets an empty list of results")
        func emptyList() async throws {
            let response = try await validate(#"{"ids": []}"#)
            #expect(response.status == .ok)
            #expect(response.text == #"{"results":[]}"#)
        }

        @Test(
            "A body that is not JSON, or not the expected shape, is a 400",
            arguments: [
                ("{\"ids\": [", "malformed_json"),
                ("not json", "malformed_json"),
                ("", "malformed_json"),
                ("[]", "invalid_request"),
                ("{}", "invalid_request"),
                (#"{"ids": "12"}"#, "invalid_request"),
                (#"{"ids": [true]}"#, "invalid_request"),
                (#"{"ids": [null]}"#, "invalid_request"),
                (#"{"ids": [1.5]}"#, "invalid_request"),
                // A Double, or a lenient integer conversion, would read these as whole IDs.
                (#"{"ids": [755551856230400007.5]}"#, "invalid_request"),
                (#"{"ids": [2968523523440640007.5]}"#, "invalid_request"),
                (#"{"ids": [7555518562304000075e-1]}"#, "invalid_request"),
                (#"{"ids": [1e-3]}"#, "invalid_request"),
                (#"{"ids": [{"id": "1"}]}"#, "invalid_request"),
                (#"{"ids": ["1"], "maxSkewMilliseconds": -1}"#, "invalid_request"),
                (#"{"ids": ["1"], "maxSkewMilliseconds": "5"}"#, "invalid_request"),
                (#"{"ids": ["1"], "instances": [-1]}"#, "invalid_request"),
                (#"{"ids": ["1"], "instances": 3}"#, "invalid_request"),
            ])
        func badBody(json: String, code: String) async throws {
            try await validate(json).expectError(.badRequest, code: code)
        }

        @Test("More than 10,000 IDs in one request is a 400 too_many_ids")
        func tooManyIDs() async throws {
            let ids = Array(repeating: "1", count: 10_001).joined(separator: ",")
            try await validate("{\"ids\": [\(ids)]}").expectError(.badRequest, code: "too_many_ids")
            let atLimit = try await validate("{\"ids\": [\(ids.dropLast(2))]}")
            #expect(try atLimit.decoded(ValidationResults.self).results.count == 10_000)
        }

        @Test("A body declared as something other than JSON is a 415; no Content-Type is read as JSON")
        func mediaType() async throws {
            try await validate(#"{"ids": []}"#, headers: [.contentType: "text/plain"])
                .expectError(.unsupportedMediaType, code: "unsupported_media_type")
            #expect(try await validate(#"{"ids": []}"#, headers: [:]).status == .ok)
            #expect(
                try await validate(#"{"ids": []}"#, headers: [.contentType: "application/json; charset=utf-8"]).status
                    == .ok)
        }

        @Test("A body over 1 MiB is a 413, whether or not it declares its length")
        func oversizedBody() async throws {
            let padding = String(repeating: " ", count: 1 << 20)
            let json = "{\"ids\": [\"1\"]\(padding)}"
            // The router test client sends no Content-Length: the limit applies while reading.
            try await validate(json).expectError(.contentTooLarge, code: "payload_too_large")
            // A real connection sends Content-Length: the limit applies before reading.
            let service = try TestService()
            try await service.application.test(.live) { client in
                try await client.execute(
                    uri: "/v1/ids/validate", method: .post, headers: [.contentType: "application/json"],
                    body: .text(json)
                ) { response in
                    try response.expectError(.contentTooLarge, code: "payload_too_large")
                }
            }
        }
    }
#endif
