#if Vapor
    import MiniFlake
    import Vapor

    extension Parameters {
        /// The route parameter `name` read as a decimal ``MiniFlake/FlakeID``, for routes such as
        /// `notes/:id`:
        ///
        /// ```swift
        /// app.get("notes", ":id") { req async throws -> Note in
        ///     let id = try req.parameters.require("id", as: FlakeID.self)
        ///     guard let note = try await Note.find(id, on: req.db) else { throw Abort(.notFound) }
        ///     return note
        /// }
        /// ```
        ///
        /// Vapor's own `require(_:as:)` for other types answers `422 Unprocessable Entity`
        /// without saying why; this one says what is wrong with the text, with a `400`.
        ///
        /// - Parameters:
        ///   - name: The parameter's name in the route, without the colon.
        ///   - type: `FlakeID.self`.
        /// - Returns: The identifier.
        /// - Throws: ``MiniFlake/FlakeParseError`` (`400 Bad Request`) when the text is not a
        ///   decimal identifier; `Abort(.internalServerError)` when the route has no such
        ///   parameter, a mistake in the route rather than in the request.
        public func require(_ name: String, as type: FlakeID.Type) throws -> FlakeID {
            guard let text: String = get(name) else {
                throw Abort(.internalServerError, reason: "the route has no parameter '\(name)'")
            }
            return try FlakeID(decimal: text)
        }
    }
#endif
