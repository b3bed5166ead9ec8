#if Vapor
    import MiniFlake
    import Vapor

    extension Request {
        /// The application's ``MiniFlake/FlakeID`` issuer, for route handlers.
        ///
        /// ```swift
        /// app.post("notes") { req async throws -> Note in
        ///     let note = try req.content.decode(Note.self)
        ///     note.id = try await req.flake.next()
        ///     try await note.create(on: req.db)
        ///     return note
        /// }
        /// ```
        public var flake: Flake { Flake(request: self) }

        /// The application's issuer as seen from a request: see ``Vapor/Application/Flake``.
        public struct Flake: Sendable {
            /// The request this belongs to.
            public let request: Request

            /// Makes the next identifier, suspending while the clock catches up or a lease is
            /// renewed: ``Vapor/Application/Flake/next(waitingAtMost:)``.
            ///
            /// - Parameter limit: The longest to wait before giving up; one second by default.
            /// - Returns: A new identifier.
            /// - Throws: The errors of ``Vapor/Application/Flake/next(waitingAtMost:)``. A
            ///   ``MiniFlake/FlakeError`` that reaches Vapor becomes a
            ///   `503 Service Unavailable` response, with `Retry-After` when retrying can help.
            public func next(waitingAtMost limit: Duration = .seconds(1)) async throws -> FlakeID {
                try await request.application.flake.next(waitingAtMost: limit)
            }

            /// Makes `count` consecutive identifiers in one step:
            /// ``Vapor/Application/Flake/next(count:waitingAtMost:)``.
            ///
            /// - Parameters:
            ///   - count: How many identifiers, from 1 to the issuer's `maximumBatchCount`.
            ///   - limit: The longest to wait before giving up; one second by default.
            /// - Returns: The identifiers, oldest first.
            /// - Throws: The errors of ``next(waitingAtMost:)``.
            public func next(count: Int, waitingAtMost limit: Duration = .seconds(1)) async throws -> FlakeIDBatch {
                try await request.application.flake.next(count: count, waitingAtMost: limit)
            }
        }
    }
#endif
