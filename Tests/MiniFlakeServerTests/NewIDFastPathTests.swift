#if Server
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeTestSupport
    import Testing

    @testable import MiniFlakeServer

    /// `GET /v1/id` on a live server, where ``NewIDWireFastPath`` answers it before the router, and
    /// the cases it leaves to the router.
    @Suite("GET /v1/id on the event loop")
    struct NewIDFastPathTests {
        @Test("A live GET /v1/id answers what the router answers: the same body, headers and metric")
        func sameAnswerAsTheRouter() async throws {
            let routed = try TestService()
            let routedAnswer = try await routed.application.test(.router) { client in
                try await client.execute(uri: "/v1/id", method: .get) { $0 }
            }
            let live = try TestService()
            try await live.application.test(.live) { client in
                let port = try #require(client.port)
                let answer = try await Self.send([Self.get("/v1/id")], port: port)[0]
                #expect(answer.status == 200)
                #expect(answer.body == routedAnswer.text)
                #expect(answer.body == #"{"id":"755551856230400007"}"#)
                #expect(answer.header("Content-Type") == routedAnswer.headers[.contentType])
                #expect(answer.header("Content-Length") == "27")
                #expect(answer.header("Server") == "miniflake")
                let date = try #require(answer.header("Date"))
                #expect(date.hasSuffix(" GMT") && date.count == 29, "Date: \(date)")

                let text = try await Self.send([Self.get("/v1/id", accept: "text/plain")], port: port)[0]
                #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
                #expect(text.body == "755551856230401031\n")

                let metrics = try await client.execute(uri: "/metrics", method: .get) { $0.text }
                #expect(
                    metrics.contains(
                        #"miniflake_http_request_duration_seconds_count{route="/v1/id",method="GET",status="200"} 2"#))
                #expect(metrics.contains("miniflake_ids_issued_total 2"))
            }
        }

        @Test("Pipelined requests are answered in the order they were sent, whoever answers them")
        func pipelinedAnswersStayInOrder() async throws {
            let service = try TestService()
            try await service.application.test(.live) { client in
                let port = try #require(client.port)
                let requests = [
                    Self.get("/v1/ids?count=2"), Self.get("/v1/id"), Self.get("/health"), Self.get("/v1/id"),
                    Self.get("/v1/ids/not-an-id!"), Self.get("/v1/id", accept: "text/plain"),
                ]
                let answers = try await Self.send(requests, port: port)
                #expect(answers.map(\.status) == [200, 200, 200, 200, 400, 200])
                #expect(answers[0].body == #"{"ids":["755551856230400007","755551856230401031"]}"#)
                #expect(answers[1].body == #"{"id":"755551856230402055"}"#)
                #expect(answers[2].body.contains(#""status":"ok""#))
                #expect(answers[3].body == #"{"id":"755551856230403079"}"#)
                #expect(answers[4].body.contains("malformed_id"))
                #expect(answers[5].body == "755551856230404103\n")
            }
        }

        @Test("At the lead limit the router answers: it waits for the clock, then 503 with Retry-After")
        func leadLimitGoesToTheRouter() async throws {
            let service = try TestService(maximumLead: .zero, maximumLeadWait: .zero)
            try await service.application.test(.live) { client in
                let port = try #require(client.port)
                let full = try await Self.send([Self.get("/v1/ids?count=4096")], port: port)[0]
                #expect(full.status == 200)
                let refused = try await Self.send([Self.get("/v1/id")], port: port)[0]
                #expect(refused.status == 503)
                #expect(refused.body.contains(#""code":"lead_limit_reached""#))
                #expect(refused.header("Retry-After") != nil)
                service.clock.advance(by: .milliseconds(1))
                let next = try await Self.send([Self.get("/v1/id")], port: port)[0]
                #expect(next.status == 200)
                #expect(next.body == #"{"id":"755551856234594311"}"#)
            }
        }

        @Test("Other methods, paths and Connection: close go to the router")
        func otherRequestsGoToTheRouter() async throws {
            let service = try TestService()
            try await service.application.test(.live) { client in
                let port = try #require(client.port)
                let post = try await Self.request("POST", port: port, path: "/v1/id")
                #expect(post.status == 405)
                #expect(post.header("Allow") == "GET")
                let extra = try await Self.request("GET", port: port, path: "/v1/id/extra")
                #expect(extra.status == 404)
                // LoopbackHTTP.request sends Connection: close; the router answers, then closes.
                let closing = try await Self.request("GET", port: port, path: "/v1/id?unused=1")
                #expect(closing.status == 200)
                #expect(closing.body == #"{"id":"755551856230400007"}"#)
            }
        }

        @Test("The Date header is an IMF-fixdate, made once a second")
        func dateHeader() {
            #expect(HTTPDateHeader.format(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
            #expect(HTTPDateHeader.format(secondsSince1970: 1_795_646_737) == "Wed, 25 Nov 2026 22:45:37 GMT")
            #expect(HTTPDateHeader.format(secondsSince1970: 951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
            var header = HTTPDateHeader()
            #expect(header.value(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
            #expect(header.value(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
            #expect(header.value(secondsSince1970: 59) == "Thu, 01 Jan 1970 00:00:59 GMT")
        }

        /// Sends the requests pipelined on one connection, off the cooperative pool.
        static func send(_ requests: [String], port: Int) async throws -> [LoopbackHTTP.Response] {
            try await LoopbackHTTP.offThePool { try LoopbackHTTP.pipelined(requests, port: port) }
        }

        /// Sends one request on a connection that closes, off the cooperative pool.
        static func request(_ method: String, port: Int, path: String) async throws -> LoopbackHTTP.Response {
            try await LoopbackHTTP.offThePool { try LoopbackHTTP.request(method, port: port, path: path) }
        }

        /// A keep-alive `GET` request, as a client writes it.
        static func get(_ path: String, accept: String = "*/*") -> String {
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: \(accept)\r\n\r\n"
        }
    }
#endif
