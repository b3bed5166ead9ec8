#if Vapor
    import FluentKit
    import MiniFlake
    import Vapor

    /// Gives a model whose ID is a ``MiniFlake/FlakeID`` a new identifier when it is created
    /// without one, from the application's issuer (``Vapor/Application/Flake``).
    ///
    /// Fluent generates IDs itself only for `UUID` (`.random`) and `Int` (`.database`); its
    /// generators are a closed set (fluent-kit#544). A `FlakeID` ID is therefore declared as
    /// set by the user, and this middleware is the user:
    ///
    /// ```swift
    /// final class Note: Model, @unchecked Sendable {
    ///     static let schema = "notes"
    ///     @ID(custom: "id", generatedBy: .user) var id: FlakeID?
    ///     @Field(key: "title") var title: String
    ///     init() {}
    /// }
    ///
    /// // configure.swift
    /// app.flake.use(.fileLease())
    /// app.databases.middleware.use(FlakeIDMiddleware<Note>(app.flake))
    ///
    /// // a migration
    /// try await database.schema("notes")
    ///     .field("id", .flakeID, .identifier(auto: false))
    ///     .field("title", .string, .required)
    ///     .create()
    /// ```
    ///
    /// Spell out `generatedBy: .user`: it is what Fluent picks for `FlakeID` anyway, but a
    /// reader then sees that the database does not make the ID (the column must not be
    /// `BIGSERIAL` or `AUTOINCREMENT`). An ID already set, by a route handler or a client, is
    /// kept. The identifier is made before the `INSERT`, so a failed insert uses one up; that
    /// is harmless. A model created while no identifier can be made fails with the issuer's
    /// error and is not inserted.
    public struct FlakeIDMiddleware<Model: FluentKit.Model>: AsyncModelMiddleware where Model.IDValue == FlakeID {
        private let store: FlakeIssuerStore
        private let limit: Duration

        /// Makes the middleware for one model type.
        ///
        /// - Parameters:
        ///   - flake: The application's issuer, `app.flake`.
        ///   - limit: The longest a create waits for an identifier; one second by default.
        public init(_ flake: Application.Flake, waitingAtMost limit: Duration = .seconds(1)) {
            self.store = flake.store
            self.limit = limit
        }

        /// Sets a missing ID, then creates the model.
        public func create(model: Model, on db: any Database, next: any AnyAsyncModelResponder) async throws {
            if model.id == nil {
                model.id = try await store.issuer().next(waitingAtMost: limit)
            }
            try await next.create(model, on: db)
        }
    }
#endif
