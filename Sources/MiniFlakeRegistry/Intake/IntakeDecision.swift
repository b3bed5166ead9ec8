import MiniFlake

/// The one rule every sync-server intake applies when the account already has a record under
/// an uploaded identifier, whatever stores it.
///
/// `ClientIDIntake` (SQLite through GRDB) and `PostgresClientIDIntake` (PostgreSQL) look up
/// the stored record's origin installation for (account, identifier) inside the transaction
/// that would insert the upload, and hand it here.
public enum IntakeDecision {
    /// The outcome of an upload whose identifier the account already holds.
    ///
    /// - Parameters:
    ///   - id: The uploaded identifier.
    ///   - storedInstallation: The stored record's origin installation, or `nil` when the row
    ///     records none (for example a row from before the column existed).
    ///   - installation: The uploaded record's origin installation.
    /// - Returns: ``IntakeOutcome/alreadyPresent(_:)`` when the origins are the same
    ///   installation, ``IntakeOutcome/conflict(_:storedInstallation:)`` otherwise. An unknown
    ///   stored origin counts as another installation (with an empty name), so a different
    ///   record is never taken for a re-upload: at worst a device re-keys a record the server
    ///   already had, and nothing is lost.
    public static func existingRecord(
        _ id: FlakeID, storedInstallation: String?, uploadedInstallation installation: String
    ) -> IntakeOutcome {
        guard let storedInstallation else { return .conflict(id, storedInstallation: "") }
        return storedInstallation == installation
            ? .alreadyPresent(id) : .conflict(id, storedInstallation: storedInstallation)
    }
}
