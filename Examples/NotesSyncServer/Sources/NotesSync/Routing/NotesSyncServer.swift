#if Server && GRDB
    import Hummingbird
    import Logging
    import MiniFlakeRegistry

    /// An example sync server for notes that devices make offline, with identifiers of their
    /// own (`MiniFlakeDevice`), and upload later.
    ///
    /// | Route | Answer |
    /// |---|---|
    /// | `PUT /devices/{installation}` `{"provisionalInstance": N}` | `{"account", "installation", "instance", "isNew", "highestSeenID"}`: 201 new, 200 again |
    /// | `DELETE /devices/{installation}` | 204: retired (404 `unknown_installation` when not live) |
    /// | `POST /notes` `{"notes": [{"id", "origin", "title"}]}` | `{"results": [{"id", "status", "message"}]}` |
    /// | `GET /notes` | `{"notes": [{"id", "origin", "title"}]}` |
    ///
    /// Every route needs `Authorization: Bearer TOKEN`; the account comes from the token (see
    /// ``AccessTokens``), never from the body. Errors are `{"error": {"code", "message"}}`.
    ///
    /// ```swift
    /// let store = try NotesStore(path: "notes.sqlite", logger: logger)
    /// let server = NotesSyncServer(store: store, tokens: try AccessTokens(["alice-secret": "alice"]))
    /// try await server.makeApplication(port: 8080, logger: logger).runService()
    /// ```
    public struct NotesSyncServer: Sendable {
        /// The notes and the instance registry.
        public let store: NotesStore
        /// Who is signed into which account.
        public let tokens: AccessTokens

        /// Makes a server.
        public init(store: NotesStore, tokens: AccessTokens) {
            self.store = store
            self.tokens = tokens
        }

        /// The limits and the clock the store was opened with.
        public var settings: NotesSyncSettings { store.settings }

        /// The router with the routes; tests drive it in-process.
        public func makeRouter() -> Router<BasicRequestContext> {
            let router = Router(context: BasicRequestContext.self)
            router.put("devices/:installation") { request, context in
                try await registerDevice(request, installation: context.parameters.get("installation"))
            }
            router.delete("devices/:installation") { request, context in
                try await retireDevice(request, installation: context.parameters.get("installation"))
            }
            router.post("notes") { request, _ in
                try await uploadNotes(request)
            }
            router.get("notes") { request, _ in
                try await listNotes(request)
            }
            return router
        }

        /// The server as a Hummingbird application.
        ///
        /// - Parameters:
        ///   - host: The address to listen on; loopback by default.
        ///   - port: The port to listen on; 0 picks a free one.
        ///   - logger: Where the server logs.
        public func makeApplication(host: String = "127.0.0.1", port: Int = 8080, logger: Logger)
            -> some ApplicationProtocol
        {
            Application(
                router: makeRouter(),
                configuration: ApplicationConfiguration(
                    address: .hostname(host, port: port), serverName: "notes-sync-server"),
                logger: logger)
        }
    }
#endif
