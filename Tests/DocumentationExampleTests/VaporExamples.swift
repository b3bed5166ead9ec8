// The MiniFlakeVapor landing page's examples, as they appear there, run against an in-memory
// application with a given instance number. Like the article, this file imports MiniFlakeVapor
// and not MiniFlake: `FlakeID` and `FlakeLayout` come through its re-export.
#if Vapor
    import Fluent
    import FluentSQLiteDriver
    import MiniFlakeVapor
    import Testing
    import Vapor
    import VaporTesting

    final class ArticleNote: Model, Content, @unchecked Sendable {
        static let schema = "notes"
        @ID(custom: "id", generatedBy: .user) var id: FlakeID?
        @Field(key: "title") var title: String
        init() {}
    }

    struct CreateArticleNotes: AsyncMigration {
        func prepare(on database: any Database) async throws {
            // In the migration:
            try await database.schema("notes")
                .field("id", .flakeID, .identifier(auto: false))
                .field("title", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema("notes").delete()
        }
    }

    /// What `configure.swift` does in the article, with a number given instead of a lease and
    /// an in-memory SQLite database.
    func configureArticleApp(_ app: Application) {
        app.databases.use(.sqlite(.memory), as: .sqlite)
        app.migrations.add(CreateArticleNotes())
        app.flake.use(.instance(7))
        app.databases.middleware.use(FlakeIDMiddleware<ArticleNote>(app.flake))
        app.get("ids") { req async throws -> String in
            try await req.flake.next().description
        }
        app.get("notes", ":id") { req async throws -> ArticleNote in
            let id = try req.parameters.require("id", as: FlakeID.self)
            guard let note = try await ArticleNote.find(id, on: req.db) else { throw Abort(.notFound) }
            return note
        }
    }

    @Suite("Documentation: MiniFlakeVapor")
    struct VaporExamples {
        @Test("the app issues IDs of instance 7, the middleware keys a new note, GET notes/:id reads it")
        func routeIssues() async throws {
            let app = try await Application.make(.testing)
            configureArticleApp(app)
            try await app.asyncBoot()
            try await app.autoMigrate()
            let id = try await app.flake.next()
            #expect(FlakeLayout.miniFlake.parts(of: id).instanceNumber == 7)
            let note = ArticleNote()
            note.title = "Groceries"
            try await note.create(on: app.db)
            let stored = try #require(note.id)
            #expect(stored > id)
            #expect(try await ArticleNote.find(stored, on: app.db)?.title == "Groceries")
            try await app.testing().test(.GET, "notes/\(stored)") { response async throws in
                #expect(response.status == .ok)
                #expect(try response.content.decode(ArticleNote.self).title == "Groceries")
            }
            try await app.testing().test(.GET, "notes/1") { response async in
                #expect(response.status == .notFound)
            }
            try await app.testing().test(.GET, "notes/abc") { response async in
                #expect(response.status == .badRequest)
                #expect(response.body.string.contains("invalid decimal ID 'abc'"))
            }
            try await app.asyncShutdown()
        }
    }
#endif
