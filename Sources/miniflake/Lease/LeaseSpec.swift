#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeLease

    #if Postgres
        import MiniFlakePostgres
    #endif

    /// Where `miniflake serve` and `miniflake lease` lease instance numbers, as `--lease` or
    /// `MINIFLAKE_LEASE` gives it: `file`, `file:DIRECTORY` or a `postgres://` URL.
    enum LeaseSpec: Equatable, CustomStringConvertible {
        /// Locked files in a directory on this host; `nil` for the default directory.
        case file(directory: String?)
        /// A table in PostgreSQL, at this connection URL (checked when it is used).
        case postgres(url: String)

        /// The forms `--lease` takes, for help and messages.
        static let forms = "file, file:DIRECTORY or postgres://USER:PASSWORD@HOST:PORT/DATABASE"

        /// Reads a lease; `source` names the option or variable it came from.
        ///
        /// - Throws: `ValidationError` (a usage error) for anything but the three forms. A
        ///   `postgres://` URL is only checked when it is used, and a bad one fails the command.
        init(_ text: String, source: String) throws(ValidationError) {
            let lowered = text.lowercased()
            if lowered == "file" {
                self = .file(directory: nil)
            } else if lowered.hasPrefix("file:"), text.count > "file:".count {
                self = .file(directory: String(text.dropFirst("file:".count)))
            } else if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
                #if Postgres
                    self = .postgres(url: text)
                #else
                    throw ValidationError(Self.postgresTraitMissing(source: source))
                #endif
            } else {
                // Show no more than the scheme: what follows may hold a password.
                let shown = Self.scheme(of: text).map { $0 + "…" } ?? text.prefix(40)
                throw ValidationError("invalid lease '\(shown)' for \(source): must be \(Self.forms)")
            }
        }

        /// The text up to and including the first `://`, or `nil` when there is none.
        private static func scheme(of text: String) -> Substring? {
            let marker = Array("://".utf8)
            let bytes = Array(text.utf8)
            guard bytes.count >= marker.count else { return nil }
            for start in 0...(bytes.count - marker.count) where Array(bytes[start..<start + marker.count]) == marker {
                let end = text.utf8.index(text.utf8.startIndex, offsetBy: start + marker.count)
                return text[..<end]
            }
            return nil
        }

        /// The lease for messages, without a password.
        var description: String {
            switch self {
            case .file(let directory):
                "the file lease in \(directory ?? FileInstanceLeaseBackend.defaultDirectory)"
            case .postgres(let url):
                #if Postgres
                    "the PostgreSQL lease at \((try? PostgresLeaseURL(url))?.description ?? "postgres://…")"
                #else
                    "a PostgreSQL lease (\(url.count) characters; this build cannot use it)"
                #endif
            }
        }

        /// The usage error for a `postgres://` lease given to a build without the Postgres trait.
        static func postgresTraitMissing(source: String) -> String {
            "postgres:// leases (\(source)) need the Postgres trait: build with --traits CLI,Postgres "
                + "(CLI,Server,Postgres for serve), or use file or file:DIRECTORY"
        }

        /// Makes the backend for `layout`, hands it to `body`, and closes what it opened (a
        /// PostgreSQL client) when `body` returns: for `miniflake lease list` and for the whole
        /// life of `miniflake serve`. `synchronouslyReplicated` is the PostgreSQL backend's
        /// (`--lease-synchronously-replicated`); a file lease has no replicas.
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError`` for a bad URL, a directory that cannot be
        ///   used or a database that does not answer, and whatever `body` throws.
        func withBackend<Result: Sendable>(
            layout: FlakeLayout, synchronouslyReplicated: Bool = false,
            _ body: (any InstanceLeaseBackend) async throws -> Result
        ) async throws -> Result {
            switch self {
            case .file(let directory):
                return try await body(try FileInstanceLeaseBackend(directory: directory, layout: layout))
            case .postgres(let url):
                #if Postgres
                    return try await PostgresInstanceLeaseBackend.withBackend(
                        url: url, layout: layout, synchronouslyReplicated: synchronouslyReplicated
                    ) { try await body($0) }
                #else
                    _ = (url, synchronouslyReplicated)
                    throw ValidationError(Self.postgresTraitMissing(source: "--lease"))
                #endif
            }
        }
    }
#endif
