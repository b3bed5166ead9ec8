#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import MiniFlakeTestSupport
    import Testing

    @Suite("GET /v1/id and GET /v1/ids")
    struct IssueRouteTests {
        @Test("GET /v1/id answers the generator's next ID as {\"id\": decimal}, byte for byte")
        func newIDAsJSON() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json")
                    #expect(response.headers[.contentLength] == "27")
                    #expect(response.text == #"{"id":"755551856230400007"}"#)
                }
                try await client.execute(uri: "/v1/id", method: .get) { response in
                    let body = try response.decoded(NewIDBody.self)
                    #expect(body.id == "755551856230401031")
                    #expect(try body.parts().sequence == 1)
                }
            }
        }

        @Test("GET /v1/id with Accept: text/plain answers the decimal ID and a newline")
        func newIDAsText() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/id", method: .get, headers: [.accept: "text/plain"]) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                    #expect(response.text == "755551856230400007\n")
                }
            }
        }

        @Test(
            "Accept chooses text only when it prefers text/plain to JSON",
            arguments: [
                ("text/plain", true),
                ("text/*", true),
                ("text/plain;q=0.9, application/json;q=0.5", true),
                ("application/json, text/plain;q=0.9", false),
                ("text/plain;q=0.5, */*", false),
                ("*/*", false),
                ("", false),
                ("image/png", false),
                ("text/plain, application/json", false),
                ("application/json;q=0, text/plain;q=0.1", true),
            ])
        func contentNegotiation(accept: String, wantsText: Bool) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/id", method: .get, headers: [.accept: accept]) { response in
                    #expect(response.status == .ok)
                    let isText = response.headers[.contentType]?.hasPrefix("text/plain") ?? false
                    #expect(isText == wantsText, "Accept: \(accept)")
                }
            }
        }

        @Test("GET /v1/ids?count=3 answers three consecutive IDs as one batch")
        func batchAsJSON() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids?count=3", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json")
                    #expect(
                        response.text == #"{"ids":["755551856230400007","755551856230401031","755551856230402055"]}"#)
                }
                // The next ID follows the batch.
                try await client.execute(uri: "/v1/id", method: .get) { response in
                    let parts = try response.decoded(NewIDBody.self).parts()
                    #expect(parts.sequence == 3)
                }
            }
        }

        @Test("GET /v1/ids with Accept: text/plain answers one decimal ID per line")
        func batchAsText() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids?count=2", method: .get, headers: [.accept: "text/plain"]) {
                    response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                    #expect(response.text == "755551856230400007\n755551856230401031\n")
                }
            }
        }

        @Test("GET /v1/ids?count=10000, the documented maximum, answers 10,000 unique increasing IDs")
        func largestBatch() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids?count=10000", method: .get) { response in
                    #expect(response.status == .ok)
                    let ids = try response.decoded(IDList.self).ids.compactMap { Int64($0) }
                    #expect(ids.count == 10_000)
                    #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
                    #expect(ids.first == 755_551_856_230_400_007)
                }
            }
        }

        @Test(
            "A count that is missing, not a whole number, or outside 1...10000 is a 400",
            arguments: [
                ("/v1/ids", "invalid_count"),
                ("/v1/ids?count=", "invalid_count"),
                ("/v1/ids?count=abc", "invalid_count"),
                ("/v1/ids?count=1.5", "invalid_count"),
                ("/v1/ids?count=0x10", "invalid_count"),
                ("/v1/ids?count=0", "count_out_of_range"),
                ("/v1/ids?count=-1", "count_out_of_range"),
                ("/v1/ids?count=10001", "count_out_of_range"),
                ("/v1/ids?count=99999999999999999999999", "count_out_of_range"),
            ])
        func badCount(uri: String, code: String) async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                try await client.execute(uri: uri, method: .get) { response in
                    try response.expectError(.badRequest, code: code)
                    #expect(try response.errorMessage.contains("10000"))
                }
            }
        }

        @Test("A generator at its lead limit gets 503 with Retry-After once the bounded wait runs out")
        func leadLimitIs503() async throws {
            // No lead at all: 4096 IDs per millisecond, and the clock never moves by itself.
            let service = try TestService(maximumLead: .zero, maximumLeadWait: .milliseconds(20))
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids?count=4096", method: .get) { response in
                    #expect(response.status == .ok)
                }
                // Each request sleeps on the service's clock until 25 ms pass with the generator
                // still ahead: its 20 ms wait has run out.
                for uri in ["/v1/id", "/v1/ids?count=2"] {
                    let clock = service.clock
                    let waitRunsOut = Task {
                        await clock.waitForSleepers()
                        clock.advanceElapsedOnly(by: .milliseconds(25))
                    }
                    try await client.execute(uri: uri, method: .get) { response in
                        try response.expectError(.serviceUnavailable, code: "lead_limit_reached")
                        #expect(response.headers[.retryAfter] == "1")
                    }
                    await waitRunsOut.value
                }
                // The issuer's own maximum batch caps count.
                try await client.execute(uri: "/v1/ids?count=4097", method: .get) { response in
                    try response.expectError(.badRequest, code: "count_out_of_range")
                }
                service.clock.advance(by: .milliseconds(1))
                try await client.execute(uri: "/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                    let parts = try response.decoded(NewIDBody.self).parts()
                    #expect(parts.millisecondsSince1970 == TestService.start + 1)
                }
            }
        }

        @Test("A request at the lead limit waits, suspended, for the clock and then succeeds")
        func leadLimitWaitsForTheClock() async throws {
            let service = try TestService(maximumLead: .zero, maximumLeadWait: .seconds(5))
            try await service.application.test(.router) { client in
                try await client.execute(uri: "/v1/ids?count=4096", method: .get) { response in
                    #expect(response.status == .ok)
                }
                let clock = service.clock
                let ticker = Task {
                    await clock.waitForSleepers()
                    clock.advance(by: .milliseconds(1))
                }
                try await client.execute(uri: "/v1/id", method: .get) { response in
                    #expect(response.status == .ok)
                    let parts = try response.decoded(NewIDBody.self).parts()
                    #expect(parts.sequence == 0)
                }
                await ticker.value
            }
        }

        @Test("An issuer that lost its lease gets 503 no_instance with Retry-After")
        func lostLeaseIs503() async throws {
            let configuration = FlakeServerConfiguration(issuer: LeaseLostIssuer(), logger: TestService.quietLogger)
            let app = FlakeServer.makeApplication(configuration: configuration)
            try await app.test(.router) { client in
                for uri in ["/v1/id", "/v1/ids?count=5"] {
                    try await client.execute(uri: uri, method: .get) { response in
                        try response.expectError(.serviceUnavailable, code: "no_instance")
                        #expect(try response.errorMessage.contains("lease on instance 9 expired"))
                        #expect(response.headers[.retryAfter] == "1")
                    }
                }
            }
        }
    }
#endif
