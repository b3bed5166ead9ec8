import MiniFlake

/// The one rule every sync-server intake applies when the account already has a record under
/// an uploaded identifier, whatever stores it.
///
/// `GRDBClientIDIntake` (SQLite through GRDB) and `PostgresClientIDIntake` (PostgreSQL) look up
/// the stored record's origin installation for (account, identifier) inside the transaction
/// that would insert the upload, and hand it here.
package enum IntakeDecision {
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
    package static func existingRecord(
        _ id: FlakeID, storedInstallation: String?, uploadedInstallation installation: String
    ) -> IntakeOutcome {
        guard let storedInstallation else { return .conflict(id, storedInstallation: "") }
        return storedInstallation == installation
            ? .alreadyPresent(id) : .conflict(id, storedInstallation: storedInstallation)
    }

    /// The checks of `validator` that hold whatever is stored: all of them but the registered
    /// instance numbers, which ``newRecord(_:rawValue:validator:)`` checks once the account is
    /// known not to hold the identifier.
    ///
    /// A record stored before its installation was retired is still recognised when it is
    /// uploaded again: it is `already_present`, never `instance_not_registered` (which a device
    /// answers by re-keying, and would then store the record twice).
    package static func storedOrNewChecks(of validator: FlakeValidator) -> FlakeValidator {
        var checks = validator
        checks.registeredInstances = nil
        return checks
    }

    /// The outcome of an upload whose identifier the account does not hold yet: a rejection
    /// when its instance number is not among the validator's registered numbers, `nil` when
    /// the record may be inserted.
    package static func newRecord(_ id: FlakeID, rawValue: Int64, validator: FlakeValidator) -> IntakeOutcome? {
        guard let registered = validator.registeredInstances else { return nil }
        let instance = validator.layout.parts(of: id).instanceNumber
        return registered.contains(instance) ? nil : .rejected(rawValue: rawValue, .instanceNotRegistered(instance))
    }
}
