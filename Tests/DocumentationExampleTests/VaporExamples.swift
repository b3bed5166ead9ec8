// The MiniFlakeVapor landing page's examples, as they appear there, run against an in-memory
// application with a given instance number.
#if Vapor
    import Fluent
    import MiniFlake
    import MiniFlakeVapor
    import Testing
    import Vapor

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

    /// What `configure.swift` does in the article, with a number given instead of a lease.
    func configureArticleApp(_ app: Application) {
        app.flake.use(.instance(7))
        app.databases.middleware.use(FlakeIDMiddleware<ArticleNote>(app.flake))
        app.get("ids") { req async throws -> String in
            try await req.flake.next().description
        }
    }

    @Suite("Documentation: MiniFlakeVapor")
    struct VaporExamples {
        @Test("the route handler's req.flake.next() answers a new ID of instance 7")
        func routeIssues() async throws {
            let app = try await Application.make(.testing)
            configureArticleApp(app)
            try await app.asyncBoot()
            let id = try await app.flake.next()
            #expect(FlakeLayout.miniFlake.parts(of: id).instanceNumber == 7)
            try await app.asyncShutdown()
        }
    }
#endif
