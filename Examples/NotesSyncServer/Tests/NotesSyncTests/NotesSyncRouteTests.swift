#if Server && GRDB
    import Foundation
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeTestSupport
    import NotesSync
    import Testing

    /// The routes' answers to requests that are wrong on their own, away from the scenario.
    @Suite("Notes sync routes")
    struct NotesSyncRouteTests {
        static let alice = NotesSyncClient.headers(token: "alice-token")

        /// Runs requests against a fresh server.
        func withServer(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
            let world = try TestServer()
            defer { world.directory.remove() }
            try await world.application.test(.router, body)
        }

        @Test("Every route needs a known bearer token: 401 with the JSON error")
        func unauthorized() async throws {
            try await withServer { client in
                let routes: [(String, HTTPRequest.Method)] = [
                    ("/notes", .get), ("/notes", .post), ("/devices/d1", .put),
                ]
                let wrong: [HTTPFields] = [
                    [:], [.authorization: "Basic YWxpY2U6eA=="], [.authorization: "Bearer nope"],
                    [.authorization: "Bearer "],
                ]
                for (uri, method) in routes {
                    for headers in wrong {
                        let response = try await client.execute(uri: uri, method: method, headers: headers)
                        #expect(response.status == .unauthorized, "\(method) \(uri) \(headers)")
                        #expect(response.errorCode == "unauthorized")
                    }
                }
            }
        }

        @Test("Registering twice answers the same number: 201, then 200")
        func registerTwice() async throws {
            try await withServer { client in
                let body = ByteBuffer(string: #"{"provisionalInstance": 700}"#)
                let first = try await client.execute(uri: "/devices/d1", method: .put, headers: Self.alice, body: body)
                #expect(first.status == .created)
                let answer = try first.decoded(DeviceRegistrationResponse.self)
                #expect(answer.account == "alice" && answer.installation == "d1" && answer.instance == 700)
                let again = try await client.execute(uri: "/devices/d1", method: .put, headers: Self.alice)
                #expect(again.status == .ok)
                #expect(try again.decoded(DeviceRegistrationResponse.self).instance == 700)
            }
        }

        @Test("Bad registrations are 400s with their codes")
        func badRegistrations() async throws {
            try await withServer { client in
                let long = String(repeating: "x", count: 129)
                let cases: [(String, String?, String)] = [
                    ("/devices/\(long)", nil, "invalid_installation"),
                    ("/devices/d1", "[1, 2", "malformed_json"),
                    ("/devices/d1", #"{"provisionalInstance": "seven"}"#, "invalid_request"),
                    ("/devices/d1", #"{"provisionalInstance": 5000}"#, "instance_out_of_range"),
                ]
                for (uri, body, code) in cases {
                    let response = try await client.execute(
                        uri: uri, method: .put, headers: Self.alice, body: body.map { ByteBuffer(string: $0) })
                    #expect(response.status == .badRequest, "\(code)")
                    #expect(response.errorCode == code)
                }
            }
        }

        @Test("An upload has a body, at most 500 notes, and at most 1 MiB")
        func uploadLimits() async throws {
            try await withServer { client in
                let empty = try await client.execute(uri: "/notes", method: .post, headers: Self.alice)
                #expect(empty.status == .badRequest)
                #expect(empty.errorCode == "malformed_json")

                let many = NoteUploadRequest(
                    notes: Array(repeating: UploadedNote(id: "1", origin: "d1", title: "t"), count: 501))
                let tooMany = try await client.execute(
                    uri: "/notes", method: .post, headers: Self.alice,
                    body: ByteBuffer(bytes: try JSONEncoder().encode(many)))
                #expect(tooMany.status == .badRequest)
                #expect(tooMany.errorCode == "too_many_notes")

                let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
                let tooLarge = try await client.execute(uri: "/notes", method: .post, headers: Self.alice, body: huge)
                #expect(tooLarge.status == .contentTooLarge)
                #expect(tooLarge.errorCode == "payload_too_large")
            }
        }

        @Test("A retired installation's stored notes are still recognised; its new ones are refused")
        func retiredInstallation() async throws {
            try await withServer { client in
                func upload(_ id: FlakeID, title: String) async throws -> String? {
                    let body = NoteUploadRequest(notes: [UploadedNote(id: id.description, origin: "d1", title: title)])
                    let response = try await client.execute(
                        uri: "/notes", method: .post, headers: Self.alice,
                        body: ByteBuffer(bytes: try JSONEncoder().encode(body)))
                    return try response.decoded(NoteUploadResponse.self).results.first?.status
                }
                let layout = FlakeLayout.miniFlake
                let first = try layout.compose(
                    millisecondsSince1970: TestServer.start, sequence: 0, instanceNumber: 700)
                let later = try layout.compose(
                    millisecondsSince1970: TestServer.start, sequence: 1, instanceNumber: 700)
                let register = try await client.execute(
                    uri: "/devices/d1", method: .put, headers: Self.alice,
                    body: ByteBuffer(string: #"{"provisionalInstance": 700}"#))
                #expect(register.status == .created)
                #expect(try await upload(first, title: "first") == "inserted")

                let retire = try await client.execute(uri: "/devices/d1", method: .delete, headers: Self.alice)
                #expect(retire.status == .noContent)
                #expect(try await upload(first, title: "first") == "already_present")
                #expect(try await upload(later, title: "later") == "instance_not_registered")

                let again = try await client.execute(uri: "/devices/d1", method: .delete, headers: Self.alice)
                #expect(again.status == .notFound)
                #expect(again.errorCode == "unknown_installation")
            }
        }

        @Test("A new account has no notes")
        func emptyList() async throws {
            try await withServer { client in
                let response = try await client.execute(uri: "/notes", method: .get, headers: Self.alice)
                #expect(response.status == .ok)
                #expect(try response.decoded(NoteListResponse.self).notes.isEmpty)
            }
        }
    }
#endif
