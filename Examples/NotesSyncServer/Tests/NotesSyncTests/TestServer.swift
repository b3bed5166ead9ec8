#if Server && GRDB
    import Hummingbird
    import Logging
    import MiniFlake
    import MiniFlakeTestSupport
    import NotesSync

    /// The sync server on a real SQLite file in a temporary directory, its clock moved by hand.
    struct TestServer: Sendable {
        /// 2026-09-21T12:26:40Z.
        static let start: Int64 = 1_790_000_000_000
        /// The demo accounts' tokens.
        static let tokens = ["alice-token": "alice", "bob-token": "bob"]

        /// Holds the database, and the devices' directories in the scenario.
        let directory: TemporaryDirectory
        /// The server's clock: the true time of the scenario.
        let clock: ManualFlakeClock
        /// The server.
        let server: NotesSyncServer

        init() throws {
            directory = try TemporaryDirectory(prefix: "notes-sync")
            clock = ManualFlakeClock(millisecondsSince1970: Self.start)
            let store = try NotesStore(
                path: directory.path + "/notes.sqlite", settings: NotesSyncSettings(clock: clock.flakeClock),
                logger: Self.quietLogger)
            server = NotesSyncServer(store: store, tokens: try AccessTokens(Self.tokens))
        }

        /// The server as an application for `test(.router)`.
        var application: some ApplicationProtocol {
            server.makeApplication(port: 0, logger: Self.quietLogger)
        }

        /// A logger that drops everything below errors.
        static var quietLogger: Logger {
            var logger = Logger(label: "notes-sync.test")
            logger.logLevel = .error
            return logger
        }
    }
#endif
