#if Postgres
    import PostgresNIO

    /// Reads postgres-nio's errors: the error behind a transaction's wrapper, conflicts by
    /// SQLSTATE, and a description that shows what the server said.
    enum PostgresFailure {
        /// The error that made a transaction fail (its closure's, its commit's or its
        /// `BEGIN`'s), or `error` itself when it is not a `PostgresTransactionError`.
        static func cause(of error: any Error) -> any Error {
            guard let transaction = error as? PostgresTransactionError else { return error }
            return transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? error
        }

        /// Whether PostgreSQL refused the request because of a concurrent transaction, by its
        /// SQLSTATE: a serialization failure (`40001`) or a deadlock (`40P01`). Such a request
        /// may be retried at once.
        static func isConflict(_ error: any Error) -> Bool {
            guard let state = (cause(of: error) as? PSQLError)?.serverInfo?[.sqlState] else { return false }
            return state == "40001" || state == "40P01"
        }

        /// Whether PostgreSQL refused to tell its WAL position
        /// (`pg_walfile_name(pg_current_wal_lsn())`, which the lease reads to tell a clean
        /// hand-over from a takeover): a function a managed service does not support or a role
        /// may not call (`0A000`, `42501`, `42883`), or a server in recovery (`55000`), or any
        /// error whose message names one of the two functions.
        static func isWALRefusal(_ error: any Error) -> Bool {
            guard let info = (cause(of: error) as? PSQLError)?.serverInfo else { return false }
            let message = (info[.message] ?? "").lowercased()
            if message.contains("pg_walfile_name") || message.contains("pg_current_wal_lsn") { return true }
            return ["0A000", "42501", "42883", "55000"].contains(info[.sqlState] ?? "")
        }

        /// A readable description of a postgres-nio error (whose `description` hides details).
        static func describe(_ error: any Error) -> String {
            guard let error = cause(of: error) as? PSQLError else { return String(describing: cause(of: error)) }
            var parts = ["\(error.code)"]
            if let info = error.serverInfo {
                let state = info[.sqlState] ?? ""
                parts.append("\(info[.severity] ?? "ERROR") \(state): \(info[.message] ?? "")")
            }
            if let underlying = error.underlying { parts.append("\(underlying)") }
            return parts.joined(separator: " ")
        }
    }
#endif
