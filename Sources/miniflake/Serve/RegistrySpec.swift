#if CLI && Server
    import ArgumentParser
    import MiniFlakeGRDB
    import MiniFlakeRegistry

    #if Postgres
        import MiniFlakePostgres
    #endif

    /// Where `miniflake serve --registry` keeps its instance registry: `sqlite:PATH` or a
    /// `postgres://` URL.
    enum RegistrySpec: Equatable, CustomStringConvertible {
        /// An SQLite file, created when missing.
        case sqlite(path: String)
        /// A table in PostgreSQL, at this connection URL (checked when it is used).
        case postgres(url: String)

        /// The SQLite file used when a token is configured and no `--registry` is given.
        static let defaultPath = "miniflake-registry.sqlite"
        /// The forms `--registry` takes, for help and messages.
        static let forms = "sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE"

        /// Reads a registry; `source` names the option or variable it came from.
        ///
        /// - Throws: `ValidationError` (a usage error) for anything but the two forms, and for a
        ///   `postgres://` URL in a build without the Postgres trait.
        init(_ text: String, source: String) throws(ValidationError) {
            let lowered = text.lowercased()
            if lowered.hasPrefix("sqlite:"), text.utf8.count > "sqlite:".utf8.count {
                self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
            } else if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
                #if Postgres
                    self = .postgres(url: text)
                #else
                    throw ValidationError(
                        "postgres:// registries (\(source)) need the Postgres trait: build with "
                            + "--traits CLI,Server,Postgres, or use sqlite:PATH")
                #endif
            } else {
                // Show no more than what cannot be a password.
                let shown = text.contains("://") ? "\(text.prefix { $0 != ":" })://…" : String(text.prefix(40))
                throw ValidationError("invalid registry '\(shown)' for \(source): must be \(Self.forms)")
            }
        }

        /// The registry for messages, without a password.
        var description: String {
            switch self {
            case .sqlite(let path):
                "the SQLite registry \(path)"
            case .postgres(let url):
                #if Postgres
                    "the PostgreSQL registry at \((try? PostgresLeaseURL(url))?.description ?? "postgres://…")"
                #else
                    "a PostgreSQL registry (\(url.count) characters; this build cannot use it)"
                #endif
            }
        }

        /// Opens the registry (creating its table when missing), hands it to `body`, and closes
        /// what it opened (a PostgreSQL client) when `body` returns.
        ///
        /// - Throws: ``MiniFlakeRegistry/InstanceRegistryError`` when the file or the database
        ///   cannot be used, and whatever `body` throws.
        func withRegistry<Result: Sendable>(
            settings: InstanceRegistryConfiguration,
            _ body: (any InstanceRegistry) async throws -> Result
        ) async throws -> Result {
            switch self {
            case .sqlite(let path):
                return try await body(try GRDBInstanceRegistry(path: path, configuration: settings))
            case .postgres(let url):
                #if Postgres
                    return try await PostgresInstanceRegistry.withRegistry(url: url, configuration: settings) {
                        try await body($0)
                    }
                #else
                    _ = url
                    throw ValidationError("postgres:// registries need the Postgres trait")
                #endif
            }
        }
    }
#endif
