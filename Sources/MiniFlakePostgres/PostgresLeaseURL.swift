#if Postgres
    import Foundation
    import MiniFlakeLease
    import PostgresNIO

    /// A PostgreSQL connection URL, as `miniflake serve --lease postgres://…` takes it, turned
    /// into a `PostgresClient` configuration.
    ///
    /// `postgres://user:password@host:port/database?sslmode=MODE` (scheme `postgres` or
    /// `postgresql`; port 5432, user `postgres` and database = user when left out). `sslmode`
    /// follows libpq: `disable`; `prefer` (the default) and `require` encrypt without checking
    /// the certificate; `verify-ca` checks it; `verify-full` checks it and the host name.
    /// `?host=/path/to/dir` connects through the Unix socket in that directory instead.
    public struct PostgresLeaseURL: Sendable, Hashable, CustomStringConvertible {
        /// How to use TLS.
        public enum SSLMode: String, Sendable, Hashable, CaseIterable {
            /// No TLS.
            case disable
            /// TLS when the server offers it, certificate not checked.
            case prefer
            /// TLS always, certificate not checked.
            case require
            /// TLS always, certificate checked against the system's trusted roots.
            case verifyCA = "verify-ca"
            /// TLS always, certificate and host name checked.
            case verifyFull = "verify-full"
        }

        /// The host name or address, or `nil` for a Unix socket.
        public let host: String?
        /// The TCP port.
        public let port: Int
        /// The directory of the server's Unix socket, when the URL asks for one.
        public let socketDirectory: String?
        /// The user to log in as.
        public let username: String
        /// The password, if any.
        public let password: String?
        /// The database.
        public let database: String
        /// How to use TLS.
        public let sslMode: SSLMode

        /// Parses a URL.
        ///
        /// - Throws: ``MiniFlakeLease/LeaseBackendError/invalidConfiguration(_:)`` saying what is wrong.
        public init(_ text: String) throws(LeaseBackendError) {
            guard let components = URLComponents(string: text) else {
                throw .invalidConfiguration(
                    "cannot read the URL (check its brackets and percent escapes): \(Self.redacted(text))")
            }
            guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
                throw .invalidConfiguration("not a postgres:// URL: \(Self.redacted(text))")
            }
            let query = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            let username = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
            let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            let database = path.removingPercentEncoding ?? path
            guard let mode = SSLMode(rawValue: query["sslmode"] ?? "prefer") else {
                throw .invalidConfiguration(
                    "unknown sslmode \(query["sslmode"] ?? ""); use one of "
                        + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if let socket = query["host"], socket.hasPrefix("/") {
                host = nil
                socketDirectory = socket
            } else {
                guard var name = components.host, !name.isEmpty else {
                    throw .invalidConfiguration("the URL names no host: \(Self.redacted(text))")
                }
                if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
                host = name
                socketDirectory = nil
            }
            let port = components.port ?? 5432
            guard (1...65_535).contains(port) else {
                throw .invalidConfiguration("port \(port) is outside 1...65535: \(Self.redacted(text))")
            }
            self.port = port
            self.username = username
            password = components.password.flatMap { $0.removingPercentEncoding }
            self.database = database.isEmpty ? username : database
            sslMode = mode
        }

        /// The URL without its password, for logs and messages.
        public var description: String {
            let user = username.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? username
            let place =
                host.map { $0.contains(":") ? "[\($0)]:\(port)" : "\($0):\(port)" } ?? "?host=\(socketDirectory ?? "")"
            return "postgres://\(user)\(password == nil ? "" : ":***")@\(place)/\(database)"
        }

        /// A client configuration for this URL.
        public var clientConfiguration: PostgresClient.Configuration {
            if let socketDirectory {
                return PostgresClient.Configuration(
                    unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: username, password: password,
                    database: database)
            }
            var tls = TLSConfiguration.makeClientConfiguration()
            let mode: PostgresClient.Configuration.TLS
            switch sslMode {
            case .disable:
                mode = .disable
            case .prefer:
                tls.certificateVerification = .none
                mode = .prefer(tls)
            case .require:
                tls.certificateVerification = .none
                mode = .require(tls)
            case .verifyCA:
                tls.certificateVerification = .noHostnameVerification
                mode = .require(tls)
            case .verifyFull:
                tls.certificateVerification = .fullVerification
                mode = .require(tls)
            }
            return PostgresClient.Configuration(
                host: host ?? "localhost", port: port, username: username, password: password, database: database,
                tls: mode)
        }

        private static func redacted(_ text: String) -> String {
            guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://") else { return text }
            let credentials = text[scheme.upperBound..<at]
            guard let colon = credentials.firstIndex(of: ":") else { return text }
            return text[..<colon] + ":***" + text[at...]
        }
    }
#endif
