#if Vapor
    import Fluent
    import MiniFlake
    import MiniFlakeVapor
    import Vapor

    /// A model keyed by a `FlakeID`, with a `FlakeID` field and an optional one.
    final class Note: Model, Content, @unchecked Sendable {
        static let schema = "notes"

        @ID(custom: "id", generatedBy: .user) var id: FlakeID?
        @Field(key: "title") var title: String
        @Field(key: "reference") var reference: FlakeID
        @OptionalField(key: "parent_id") var parentID: FlakeID?

        init() {}

        init(id: FlakeID? = nil, title: String, reference: FlakeID = .min, parentID: FlakeID? = nil) {
            self.id = id
            self.title = title
            self.reference = reference
            self.parentID = parentID
        }
    }

    /// Creates the `notes` table the way the documentation says to.
    struct CreateNotes: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(Note.schema)
                .field("id", .flakeID, .identifier(auto: false))
                .field("title", .string, .required)
                .field("reference", .flakeID, .required)
                .field("parent_id", .flakeID)
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(Note.schema).delete()
        }
    }
#endif
