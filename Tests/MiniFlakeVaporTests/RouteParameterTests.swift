#if Vapor
    import Fluent
    import MiniFlakeVapor
    import Testing
    import Vapor
    import VaporTesting

    /// Identifiers from a route parameter: a malformed one is the client's mistake, a 400 that
    /// says what is wrong, never a 500. This file imports MiniFlakeVapor and not MiniFlake, as an
    /// app does: `FlakeID` comes through the re-export.
    @Suite("Route parameters", .serialized)
    struct RouteParameterTests {
        /// The reason in Vapor's error body.
        struct ErrorBody: Decodable {
            var reason: String
        }

        /// Adds `GET notes/:id` the documented way, and `GET raw/:id` with `FlakeID(decimal:)`.
        func addRoutes(_ app: Application) {
            app.get("notes", ":id") { req async throws -> Note in
                let id = try req.parameters.require("id", as: FlakeID.self)
                guard let note = try await Note.find(id, on: req.db) else { throw Abort(.notFound) }
                return note
            }
            app.get("raw", ":id") { req async throws -> String in
                try FlakeID(decimal: req.parameters.get("id") ?? "").description
            }
            app.get("misnamed", ":id") { req async throws -> String in
                try req.parameters.require("identifier", as: FlakeID.self).description
            }
        }

        @Test("GET notes/:id finds a stored note, and an ID that is stored nowhere is a 404")
        func found() async throws {
            try await TestApp.withApp(.sqlite) { app in
                addRoutes(app)
                let note = Note(title: "hello")
                try await note.create(on: app.db)
                let id = try #require(note.id)
                try await app.testing().test(.GET, "notes/\(id)") { response async throws in
                    #expect(response.status == .ok)
                    #expect(try response.content.decode(Note.self).title == "hello")
                }
                try await app.testing().test(.GET, "notes/\(FlakeID.max)") { response async in
                    #expect(response.status == .notFound)
                }
            }
        }

        @Test(
            "a malformed ID is a 400 that says what is wrong, through require(_:as:) and FlakeID(decimal:)",
            arguments: [
                ("abc", "invalid decimal ID 'abc': 'a' at position 1 is not a decimal digit"),
                ("-5", "invalid decimal ID '-5': an ID has no sign"),
                ("9223372036854775808", "invalid decimal ID '9223372036854775808': it is larger than the largest ID"),
            ])
        func malformed(text: String, reason: String) async throws {
            try await TestApp.withApp(.sqlite) { app in
                addRoutes(app)
                for route in ["notes", "raw"] {
                    try await app.testing().test(.GET, "\(route)/\(text)") { response async throws in
                        #expect(response.status == .badRequest, "\(route)")
                        let body = try response.content.decode(ErrorBody.self)
                        #expect(body.reason.hasPrefix(reason), "\(route): \(body.reason)")
                    }
                }
            }
        }

        @Test("a route that names a parameter it does not have is the server's mistake: a 500")
        func missingParameter() async throws {
            try await TestApp.withApp(.sqlite) { app in
                addRoutes(app)
                try await app.testing().test(.GET, "misnamed/1") { response async in
                    #expect(response.status == .internalServerError)
                }
            }
        }

        @Test("FlakeParseError is an AbortError with status 400 and its description as the reason")
        func abortError() throws {
            let error = #expect(throws: FlakeParseError.self) { try FlakeID(decimal: "12x") }
            let abort: any AbortError = try #require(error)
            #expect(abort.status == .badRequest)
            #expect(abort.reason == error?.description)
        }
    }
#endif
