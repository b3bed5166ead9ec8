#if Server
    import Foundation
    import GRDB
    import Hummingbird
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeServer
    import MiniFlakeTestSupport
    import Testing

    @Suite("Registry routes: PUT, DELETE and GET /v1/accounts/{account}/installations")
    struct RegistryRouteTests {
        static let path = "/v1/accounts/account-42/installations"

        @Test("PUT registers an installation: 201 the first time, 200 with the same number after")
        func registerTwice() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let first = try await client.execute(
                    uri: "\(Self.path)/phone", method: .put, headers: RegistryTestService.authorized)
                #expect(first.status == .created, "\(first.text)")
                #expect(first.headers[.contentType] == "application/json")
                let registered = try first.decoded(RegistrationBody.self)
                #expect(registered.account == "account-42")
                #expect(registered.installation == "phone")
                #expect(registered.instance == 0)
                #expect(registered.highestSeenID == nil)
                #expect(first.text.contains(#""highestSeenID":null"#))
                let second = try await client.execute(
                    uri: "\(Self.path)/phone", method: .put, headers: RegistryTestService.authorized)
                #expect(second.status == .ok)
                #expect(try second.decoded(RegistrationBody.self) == registered)
                let other = try await client.execute(
                    uri: "\(Self.path)/laptop", method: .put, headers: RegistryTestService.authorized)
                #expect(other.status == .created)
                #expect(try other.decoded(RegistrationBody.self).instance == 1)
            }
        }

        @Test("A free provisional number is kept; one out of range is 400 instance_out_of_range")
        func provisional() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let kept = try await client.execute(
                    uri: "\(Self.path)/tablet", method: .put, headers: RegistryTestService.authorizedJSON,
                    body: .text(#"{"provisionalInstance": 700}"#))
                #expect(kept.status == .created)
                #expect(try kept.decoded(RegistrationBody.self).instance == 700)
                let outside = try await client.execute(
                    uri: "\(Self.path)/watch", method: .put, headers: RegistryTestService.authorizedJSON,
                    body: .text(#"{"provisionalInstance": 1024}"#))
                try outside.expectError(.badRequest, code: "instance_out_of_range")
                let negative = try await client.execute(
                    uri: "\(Self.path)/watch", method: .put, headers: RegistryTestService.authorizedJSON,
                    body: .text(#"{"provisionalInstance": -1}"#))
                try negative.expectError(.badRequest, code: "instance_out_of_range")
                let fraction = try await client.execute(
                    uri: "\(Self.path)/watch", method: .put, headers: RegistryTestService.authorizedJSON,
                    body: .text(#"{"provisionalInstance": "seven"}"#))
                try fraction.expectError(.badRequest, code: "invalid_request")
                let notJSON = try await client.execute(
                    uri: "\(Self.path)/watch", method: .put, headers: RegistryTestService.authorizedJSON,
                    body: .text("{"))
                try notJSON.expectError(.badRequest, code: "malformed_json")
            }
        }

        @Test("DELETE retires (204), a second DELETE is 404, and registering again gives the number back")
        func retireAndReturn() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let registered = try await client.execute(
                    uri: "\(Self.path)/phone", method: .put, headers: RegistryTestService.authorizedJSON,
                    body: .text(#"{"provisionalInstance": 600}"#))
                #expect(try registered.decoded(RegistrationBody.self).instance == 600)
                let retired = try await client.execute(
                    uri: "\(Self.path)/phone", method: .delete, headers: RegistryTestService.authorized)
                #expect(retired.status == .noContent)
                #expect(retired.body.readableBytes == 0)
                let again = try await client.execute(
                    uri: "\(Self.path)/phone", method: .delete, headers: RegistryTestService.authorized)
                try again.expectError(.notFound, code: "installation_not_found")
                let unknown = try await client.execute(
                    uri: "\(Self.path)/never", method: .delete, headers: RegistryTestService.authorized)
                try unknown.expectError(.notFound, code: "installation_not_found")
                let back = try await client.execute(
                    uri: "\(Self.path)/phone", method: .put, headers: RegistryTestService.authorized)
                #expect(back.status == .created)
                #expect(try back.decoded(RegistrationBody.self).instance == 600)
            }
        }

        @Test("GET lists every installation with ISO 8601 times; retiredAt is null while live")
        func list() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                _ = try await client.execute(
                    uri: "\(Self.path)/phone", method: .put, headers: RegistryTestService.authorized)
                service.base.clock.advance(by: .milliseconds(60_000))
                _ = try await client.execute(
                    uri: "\(Self.path)/laptop", method: .put, headers: RegistryTestService.authorized)
                service.base.clock.advance(by: .milliseconds(60_000))
                _ = try await client.execute(
                    uri: "\(Self.path)/phone", method: .delete, headers: RegistryTestService.authorized)
                let response = try await client.execute(
                    uri: Self.path, method: .get, headers: RegistryTestService.authorized)
                #expect(response.status == .ok, "\(response.text)")
                #expect(response.text.contains(#""retiredAt":null"#))
                let items = try response.decoded(InstallationList.self).installations
                #expect(items.map(\.installation) == ["phone", "laptop"])
                #expect(items.map(\.instance) == [0, 1])
                #expect(items[0].registeredAt == "2023-11-14T22:13:20.000Z")
                #expect(items[0].retiredAt == "2023-11-14T22:15:20.000Z")
                #expect(items[1].registeredAt == "2023-11-14T22:14:20.000Z")
                #expect(items[1].lastSeenAt == "2023-11-14T22:14:20.000Z")
                #expect(items[1].retiredAt == nil)
                let empty = try await client.execute(
                    uri: "/v1/accounts/nobody/installations", method: .get, headers: RegistryTestService.authorized)
                #expect(empty.text == #"{"installations":[]}"#)
            }
        }

        @Test("No token or a wrong one is 401 with WWW-Authenticate: Bearer, on every registry route")
        func unauthorized() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            let wrong: [HTTPFields] = [
                [:],
                [.authorization: "Bearer wrong"],
                [.authorization: "Bearer \(RegistryTestService.token)x"],
                [.authorization: "Basic \(RegistryTestService.token)"],
                [.authorization: RegistryTestService.token],
                [.authorization: "Bearer "],
            ]
            try await service.application.test(.router) { client in
                for headers in wrong {
                    for (uri, method) in [
                        ("\(Self.path)/phone", HTTPRequest.Method.put), ("\(Self.path)/phone", .delete),
                        (Self.path, .get),
                    ] {
                        let response = try await client.execute(uri: uri, method: method, headers: headers)
                        try response.expectError(.unauthorized, code: "unauthorized")
                        #expect(response.headers[.wwwAuthenticate] == "Bearer")
                    }
                }
                let lowerCase = try await client.execute(
                    uri: Self.path, method: .get, headers: [.authorization: "bearer \(RegistryTestService.token)"])
                #expect(lowerCase.status == .ok)
            }
        }

        @Test("Without a registry the routes do not exist: 404 as any unknown path")
        func notConfigured() async throws {
            let service = try TestService()
            try await service.application.test(.router) { client in
                for method in [HTTPRequest.Method.put, .delete, .get, .post] {
                    let response = try await client.execute(
                        uri: "\(Self.path)/phone", method: method, headers: RegistryTestService.authorized)
                    try response.expectError(.notFound, code: "not_found")
                }
                let list = try await client.execute(
                    uri: Self.path, method: .get, headers: RegistryTestService.authorized)
                try list.expectError(.notFound, code: "not_found")
            }
        }

        @Test("Another method on a registry path is 405 with Allow")
        func methodNotAllowed() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let post = try await client.execute(
                    uri: "\(Self.path)/phone", method: .post, headers: RegistryTestService.authorized)
                try post.expectError(.methodNotAllowed, code: "method_not_allowed")
                #expect(post.headers[.allow] == "PUT, DELETE")
                let delete = try await client.execute(
                    uri: Self.path, method: .delete, headers: RegistryTestService.authorized)
                #expect(delete.headers[.allow] == "GET")
            }
        }

        @Test(
            "Names over 128 bytes, not UTF-8, or with control characters are 400 invalid_name; an empty one matches no route",
            arguments: [
                String(repeating: "a", count: 129), "%FF", "%0A", "a%0Db", "%E2%82", "%zz",
            ])
        func invalidNames(name: String) async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let asInstallation = try await client.execute(
                    uri: "\(Self.path)/\(name)", method: .put, headers: RegistryTestService.authorized)
                try asInstallation.expectError(.badRequest, code: "invalid_name")
                let asAccount = try await client.execute(
                    uri: "/v1/accounts/\(name)/installations", method: .get, headers: RegistryTestService.authorized)
                try asAccount.expectError(.badRequest, code: "invalid_name")
            }
        }

        @Test("Names are percent-decoded: 128 bytes of UTF-8 and spaces are fine; an empty account is 400")
        func validNames() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let longest = String(repeating: "%C3%A9", count: 64)
                let response = try await client.execute(
                    uri: "/v1/accounts/user%40example.com/installations/\(longest)", method: .put,
                    headers: RegistryTestService.authorized)
                #expect(response.status == .created, "\(response.text)")
                let body = try response.decoded(RegistrationBody.self)
                #expect(body.account == "user@example.com")
                #expect(body.installation == String(repeating: "é", count: 64))
                let empty = try await client.execute(
                    uri: "/v1/accounts//installations/x", method: .put, headers: RegistryTestService.authorized)
                try empty.expectError(.badRequest, code: "invalid_name")
                let emptyList = try await client.execute(
                    uri: "/v1/accounts//installations", method: .get, headers: RegistryTestService.authorized)
                try emptyList.expectError(.badRequest, code: "invalid_name")
            }
        }

        @Test("A full account is 409 no_free_instance")
        func fullAccount() async throws {
            let layout = try FlakeLayout(
                name: "tiny", timestampBits: 41, sequenceBits: 12, instanceBits: 1,
                fieldOrder: .timestampSequenceInstance, epochMillisecondsSince1970: 0)
            let service = try RegistryTestService(layout: layout)
            defer { service.remove() }
            try await service.application.test(.router) { client in
                for name in ["one", "two"] {
                    let response = try await client.execute(
                        uri: "\(Self.path)/\(name)", method: .put, headers: RegistryTestService.authorized)
                    #expect(response.status == .created)
                }
                let full = try await client.execute(
                    uri: "\(Self.path)/three", method: .put, headers: RegistryTestService.authorized)
                try full.expectError(.conflict, code: "no_free_instance")
                let other = try await client.execute(
                    uri: "/v1/accounts/another/installations/three", method: .put,
                    headers: RegistryTestService.authorized)
                #expect(other.status == .created)
            }
        }

        @Test("A registry whose database fails is 503 registry_unavailable with Retry-After")
        func databaseFails() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            // Another connection drops the registry's table behind its back: a real SQLite error.
            let saboteur = try DatabaseQueue(path: service.directory.appending("registry.sqlite").path)
            try await saboteur.write { db in try db.execute(sql: "DROP TABLE miniflake_installation") }
            try await service.application.test(.router) { client in
                let response = try await client.execute(
                    uri: "\(Self.path)/phone", method: .put, headers: RegistryTestService.authorized)
                try response.expectError(.serviceUnavailable, code: "registry_unavailable")
                #expect(response.headers[.retryAfter] == "1")
                let list = try await client.execute(
                    uri: Self.path, method: .get, headers: RegistryTestService.authorized)
                try list.expectError(.serviceUnavailable, code: "registry_unavailable")
            }
        }

        @Test("64 concurrent PUTs of distinct installations get 64 distinct numbers")
        func concurrentRegistrations() async throws {
            let service = try RegistryTestService()
            defer { service.remove() }
            try await service.application.test(.router) { client in
                let numbers = try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<64 {
                        group.addTask {
                            let response = try await client.execute(
                                uri: "\(Self.path)/device-\(index)", method: .put,
                                headers: RegistryTestService.authorized)
                            #expect(response.status == .created)
                            return try response.decoded(RegistrationBody.self).instance
                        }
                    }
                    var numbers: [Int] = []
                    for try await number in group { numbers.append(number) }
                    return numbers
                }
                #expect(numbers.count == 64)
                #expect(Set(numbers) == Set(0..<64))
            }
        }
    }
#endif
