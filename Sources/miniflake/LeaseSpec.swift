#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres

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
        init(_ text: String, source: String) throws {
            let lowered = text.lowercased()
            if lowered == "file" {
                self = .file(directory: nil)
            } else if lowered.hasPrefix("file:"), text.count > "file:".count {
                self = .file(directory: String(text.dropFirst("file:".count)))
            } else if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
                self = .postgres(url: text)
            } else {
                // Show no more than the scheme: what follows may hold a password.
                let shown = text.range(of: "://").map { text[..<$0.upperBound] + "…" } ?? text.prefix(40)
                throw ValidationError("invalid lease '\(shown)' for \(source): must be \(Self.forms)")
            }
        }

        /// The lease for messages, without a password.
        var description: String {
            switch self {
            case .file(let directory):
                "the file lease in \(directory ?? FileInstanceLeaseBackend.defaultDirectory)"
            case .postgres(let url):
                "the PostgreSQL lease at \((try? PostgresLeaseURL(url))?.description ?? "postgres://…")"
            }
        }

        /// Makes the backend for `layout`, hands it to `body`, and closes what it opened (a
        /// PostgreSQL client) when `body` returns: for `miniflake lease list` and for the whole
        /// life of `miniflake serve`.
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError`` for a bad URL, a directory that cannot be
        ///   used or a database that does not answer, and whatever `body` throws.
        func withBackend<Result: Sendable>(
            layout: FlakeLayout, _ body: (any InstanceLeaseBackend) async throws -> Result
        ) async throws -> Result {
            switch self {
            case .file(let directory):
                return try await body(try FileInstanceLeaseBackend(directory: directory, layout: layout))
            case .postgres(let url):
                return try await PostgresInstanceLeaseBackend.withBackend(url: url, layout: layout) {
                    try await body($0)
                }
            }
        }
    }
#endif
