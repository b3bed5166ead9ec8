#if Vapor
    import Fluent
    import MiniFlake
    import MiniFlakeVapor
    import Testing
    import Vapor
    import VaporTesting

    /// `req.flake.next()` and the ID middleware through routes, with Vapor's testing app.
    @Suite("Routes", .serialized)
    struct RouteTests {
        struct NewNote: Content {
            var title: String
        }

        @Test("req.flake.next() in a route handler; a model the route creates gets its ID from the middleware")
        func routes() async throws {
            try await TestApp.withApp(.sqlite) { app in
                app.get("ids") { req async throws -> String in
                    try await req.flake.next().description
                }
                app.get("batch") { req async throws -> String in
                    try await req.flake.next(count: 3).map(\.description).joined(separator: ",")
                }
                app.post("notes") { req async throws -> Note in
                    let note = Note(title: try req.content.decode(NewNote.self).title)
                    try await note.create(on: req.db)
                    return note
                }

                var first: FlakeID?
                try await app.testing().test(.GET, "ids") { response async throws in
                    #expect(response.status == .ok)
                    let id = try #require(FlakeID(response.body.string))
                    #expect(FlakeLayout.miniFlake.parts(of: id).instanceNumber == 7)
                    first = id
                }
                try await app.testing().test(.GET, "batch") { response async throws in
                    let ids = response.body.string.split(separator: ",").compactMap { FlakeID(String($0)) }
                    #expect(ids.count == 3)
                    #expect(ids == ids.sorted())
                    #expect(ids.first.flatMap { id in first.map { id > $0 } } == true)
                }
                try await app.testing().test(
                    .POST, "notes",
                    beforeRequest: { request in try request.content.encode(NewNote(title: "hello")) },
                    afterResponse: { response async throws in
                        #expect(response.status == .ok)
                        let note = try response.content.decode(Note.self)
                        let id = try #require(note.id)
                        #expect(try await Note.find(id, on: app.db)?.title == "hello")
                    })
            }
        }

        @Test("an app with no issuer configured answers 503, not a crash")
        func unconfigured() async throws {
            try await withApp { app in
                app.get("ids") { req async throws -> String in try await req.flake.next().description }
                try await app.testing().test(.GET, "ids") { response async in
                    #expect(response.status == .serviceUnavailable)
                }
            }
        }

        /// An issuer that always says "retry after 1.5 s".
        struct BusyIssuer: FlakeIssuer {
            let layout = FlakeLayout.miniFlake
            let currentInstanceNumber: Int? = 1
            let maximumBatchCount = 1
            var error: FlakeError {
                FlakeError(.leadLimitReached, retryAfter: .milliseconds(1_500), message: "busy")
            }
            func nextImmediately() throws(FlakeError) -> FlakeID { throw error }
            func nextImmediately(count: Int) throws(FlakeError) -> FlakeIDBatch { throw error }
        }

        @Test("an issuer that cannot issue in time makes the route answer 503 with Retry-After")
        func busyIssuer() async throws {
            try await withApp { app in
                app.flake.use(.issuer(BusyIssuer()))
                app.get("ids") { req async throws -> String in try await req.flake.next().description }
                try await app.testing().test(.GET, "ids") { response async in
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.headers.first(name: "Retry-After") == "2")
                }
            }
        }

        @Test("the middleware keeps an ID the handler set, and a create fails (no insert) when no ID can be made")
        func middlewareKeepsAndFails() async throws {
            try await TestApp.withApp(.sqlite, provider: .issuer(BusyIssuer())) { app in
                let given = try #require(FlakeID(rawValue: 1234))
                try await Note(id: given, title: "given").create(on: app.db)
                await #expect(throws: FlakeError.self) { try await Note(title: "no id").create(on: app.db) }
                #expect(try await Note.query(on: app.db).all().map(\.id) == [given])
            }
        }
    }
#endif
