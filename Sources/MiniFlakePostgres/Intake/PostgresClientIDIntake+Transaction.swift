#if Postgres
    import Logging
    import MiniFlake
    import MiniFlakeRegistry
    import PostgresNIO

    extension PostgresClientIDIntake {
        /// Decides one upload in one transaction within ``requestTimeout``; `nil` when it met a
        /// concurrent transaction and should be tried again.
        func transaction(
            _ id: FlakeID, rawValue: Int64, account: String, installation: String, insert: @escaping Insert,
            lastAttempt: Bool
        ) async throws(PostgresIntakeError) -> IntakeOutcome? {
            let (client, logger, quoted, validator) = (client, logger, quoted, validator)
            let lockKey = "\(quoted.table)\n\(account)\n\(id.rawValue)"
            do {
                return try await TimeLimit.run(within: requestTimeout) {
                    try await client.withTransaction(logger: logger) { connection in
                        // Uploads of one identifier to one account take turns from here on.
                        try await connection.query(
                            "SELECT pg_advisory_xact_lock(hashtextextended(\(lockKey), 0))", logger: logger)
                        if let stored = try await Self.storedOrigin(id, account: account, quoted, connection, logger) {
                            return IntakeDecision.existingRecord(
                                id, storedInstallation: stored, uploadedInstallation: installation)
                        }
                        if let refused = IntakeDecision.newRecord(id, rawValue: rawValue, validator: validator) {
                            return refused
                        }
                        do {
                            try await insert(id, connection)
                        } catch {
                            throw Self.isRetryable(error) ? error : CallerInsertFailure(error: error)
                        }
                        let written = try await Self.storedOrigin(id, account: account, quoted, connection, logger)
                        guard let written, written == installation else {
                            throw PostgresIntakeError(
                                .recordMismatch,
                                message: written == nil
                                    ? "the insert stored no row for account \(account) and client ID \(id.rawValue)"
                                    : "the insert stored installation \(written.flatMap { $0 } ?? "NULL"), not \(installation) as received"
                            )
                        }
                        return IntakeOutcome.inserted(id)
                    }
                }
            } catch {
                let failure = Self.unwrap(error)
                if Self.isRetryable(failure) && !lastAttempt { return nil }
                throw Self.intakeError(failure, timeout: requestTimeout)
            }
        }

        /// The origin installation stored for (account, identifier): `nil` without a row,
        /// `.some(nil)` for a row that records none. Locks the row for the transaction.
        private static func storedOrigin(
            _ id: FlakeID, account: String,
            _ quoted: (table: String, account: String, clientID: String, installation: String),
            _ connection: PostgresConnection, _ logger: Logger
        ) async throws -> String?? {
            let rows = try await connection.query(
                """
                SELECT \(unescaped: quoted.installation) FROM \(unescaped: quoted.table)
                WHERE \(unescaped: quoted.account) = \(account) AND \(unescaped: quoted.clientID) = \(id)
                FOR UPDATE
                """, logger: logger)
            for try await stored in rows.decode(String?.self) { return .some(stored) }
            return nil
        }

        /// An error the caller's insert threw, kept apart from the intake's own queries.
        private struct CallerInsertFailure: Error {
            let error: any Error
        }

        /// The error inside postgres-nio's transaction wrapper, if any.
        private static func unwrap(_ error: any Error) -> any Error {
            guard let transaction = error as? PostgresTransactionError else { return error }
            return transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? error
        }

        /// Whether PostgreSQL refused the transaction because of a concurrent one: a unique
        /// violation (`23505`, another transaction inserted the same key first), a serialization
        /// failure or a deadlock. Deciding the upload again settles it.
        private static func isRetryable(_ error: any Error) -> Bool {
            let failure = (error as? CallerInsertFailure)?.error ?? error
            if PostgresFailure.isConflict(failure) { return true }
            return (PostgresFailure.cause(of: failure) as? PSQLError)?.serverInfo?[.sqlState] == "23505"
        }

        /// A failure as the intake reports it.
        private static func intakeError(_ failure: any Error, timeout: Duration) -> PostgresIntakeError {
            switch failure {
            case let error as PostgresIntakeError:
                return error
            case let error as CallerInsertFailure:
                return PostgresIntakeError(
                    .insertFailed,
                    message: "the insert failed: \(PostgresFailure.describe(error.error))")
            case is TimeLimit.Expired:
                return PostgresIntakeError(
                    .storageFailed, message: "the upload's transaction took longer than \(timeout)")
            case is CancellationError:
                return PostgresIntakeError(.storageFailed, message: "the upload's transaction was cancelled")
            default:
                return PostgresIntakeError(
                    .storageFailed,
                    message: "the upload's transaction failed: \(PostgresFailure.describe(failure))")
            }
        }
    }
#endif
