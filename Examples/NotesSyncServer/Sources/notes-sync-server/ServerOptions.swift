#if Server && GRDB
    /// The server's options, from flags or the environment (flags win).
    ///
    /// | Flag | Variable | Default |
    /// |---|---|---|
    /// | `--host HOST` | `NOTES_SYNC_HOST` | `127.0.0.1` |
    /// | `--port PORT` | `NOTES_SYNC_PORT` | `8080` |
    /// | `--database PATH` | `NOTES_SYNC_DATABASE` | `notes.sqlite` |
    /// | `--tokens TOKEN=ACCOUNT,…` | `NOTES_SYNC_TOKENS` | `alice-secret=alice,bob-secret=bob` |
    struct ServerOptions: Sendable, Equatable {
        /// The demo tokens, used when none are configured.
        static let demoTokens = "alice-secret=alice,bob-secret=bob"

        /// The address to listen on.
        var host = "127.0.0.1"
        /// The port to listen on.
        var port = 8080
        /// The SQLite file for notes and registry.
        var databasePath = "notes.sqlite"
        /// Token → account.
        var tokens: [String: String] = [:]
        /// Whether the demo tokens are in use.
        var usesDemoTokens = false

        /// Reads the options.
        ///
        /// - Parameters:
        ///   - arguments: The command line, without the program's name.
        ///   - environment: The process's environment.
        /// - Throws: ``ServerOptionsError`` for an unknown flag, a missing value or a bad one.
        init(arguments: [String], environment: [String: String]) throws(ServerOptionsError) {
            var values: [String: String] = [:]
            let flags = ["--host": "NOTES_SYNC_HOST", "--port": "NOTES_SYNC_PORT", "--database": "NOTES_SYNC_DATABASE"]
            let allFlags = flags.merging(["--tokens": "NOTES_SYNC_TOKENS"]) { first, _ in first }
            for (flag, variable) in allFlags {
                if let value = environment[variable] { values[flag] = value }
            }
            var remaining = arguments[...]
            while let flag = remaining.popFirst() {
                guard allFlags[flag] != nil else { throw ServerOptionsError("unknown option '\(flag)'") }
                guard let value = remaining.popFirst() else { throw ServerOptionsError("\(flag) needs a value") }
                values[flag] = value
            }
            if let host = values["--host"] { self.host = host }
            if let text = values["--port"] {
                guard let port = Int(text), (0...65_535).contains(port) else {
                    throw ServerOptionsError("the port must be a number from 0 to 65535, not '\(text)'")
                }
                self.port = port
            }
            if let path = values["--database"] { databasePath = path }
            let tokenList = values["--tokens"] ?? Self.demoTokens
            usesDemoTokens = values["--tokens"] == nil
            for pair in tokenList.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw ServerOptionsError("each token is TOKEN=ACCOUNT, not '\(pair)'")
                }
                tokens[String(parts[0])] = String(parts[1])
            }
        }
    }
#endif
