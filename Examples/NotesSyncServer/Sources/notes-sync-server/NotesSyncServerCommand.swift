#if Server && GRDB
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import Hummingbird
    import Logging
    import NotesSync

    /// `notes-sync-server`: runs the example notes sync server until SIGTERM or SIGINT.
    ///
    /// ```
    /// swift run --traits Server,GRDB notes-sync-server --port 8080 --database notes.sqlite
    /// ```
    @main
    enum NotesSyncServerCommand {
        /// Reads the options, opens the database and serves; exits with status 1 when it cannot.
        static func main() async {
            let logger = Logger(label: "notes-sync-server")
            do {
                let options = try ServerOptions(
                    arguments: Array(CommandLine.arguments.dropFirst()),
                    environment: ProcessInfo.processInfo.environment)
                if options.usesDemoTokens {
                    logger.warning("no tokens configured: using the demo tokens \(ServerOptions.demoTokens)")
                }
                let store = try NotesStore(path: options.databasePath, logger: logger)
                let server = NotesSyncServer(store: store, tokens: try AccessTokens(options.tokens))
                logger.info("notes database: \(options.databasePath)")
                try await server.makeApplication(host: options.host, port: options.port, logger: logger).runService()
            } catch {
                logger.critical("\(error)")
                exit(1)
            }
        }
    }
#else
    /// Without the `Server` and `GRDB` traits there is no server to run.
    @main
    enum NotesSyncServerCommand {
        /// Says how to build the server.
        static func main() {
            print(
                "notes-sync-server needs the Server and GRDB traits: swift run --traits Server,GRDB notes-sync-server")
        }
    }
#endif
