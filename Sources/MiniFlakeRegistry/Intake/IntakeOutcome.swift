import MiniFlake

/// What became of one identifier a device uploaded to a sync server.
///
/// A sync server keys each record by the account it was uploaded to and the client's
/// identifier, and stores the record's origin installation: the installation whose generator
/// made the identifier, which the device keeps with the record. A second upload of one
/// identifier is then told apart:
///
/// - the same origin installation: the same record again (a retry, or the device restored from
///   another's backup), ``alreadyPresent(_:)``;
/// - another origin installation: a different record that happens to carry the same
///   identifier, ``conflict(_:storedInstallation:)``. The device re-keys its record (a new
///   identifier from its generator) and uploads it again. A different record is never
///   answered "already present", so no record is dropped silently.
///
/// ``code`` is stable, for API responses: `inserted`, `already_present`, `id_conflict`, or the
/// rejection's own code such as `in_future` or `instance_not_registered`.
public enum IntakeOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The identifier was valid and new for the account: the record was inserted.
    case inserted(FlakeID)
    /// The account already has this identifier from the same origin installation: the same
    /// record was uploaded again, and nothing was written.
    case alreadyPresent(FlakeID)
    /// The account already has this identifier from another origin installation: a different
    /// record, which the device must re-key and upload again. Nothing was written; the stored
    /// record is untouched.
    case conflict(FlakeID, storedInstallation: String)
    /// The validator refused the raw value: nothing was read or written.
    case rejected(rawValue: Int64, FlakeValidationError)

    /// `inserted`: the record was stored.
    package static let insertedCode = "inserted"
    /// `already_present`: the same record was stored before.
    package static let alreadyPresentCode = "already_present"
    /// `id_conflict`: another record holds the identifier; re-key and upload again.
    package static let conflictCode = "id_conflict"

    /// A stable, machine-readable name for the outcome: `inserted`, `already_present`,
    /// `id_conflict`, or the rejection's ``MiniFlake/FlakeValidationError/code`` (`negative`,
    /// `too_early`, `in_future`, `instance_not_allowed`, `instance_not_registered`, ...).
    public var code: String {
        switch self {
        case .inserted: Self.insertedCode
        case .alreadyPresent: Self.alreadyPresentCode
        case .conflict: Self.conflictCode
        case .rejected(_, let error): error.code.rawValue
        }
    }

    /// The identifier, unless the raw value was rejected.
    public var id: FlakeID? {
        switch self {
        case .inserted(let id), .alreadyPresent(let id), .conflict(let id, _): id
        case .rejected: nil
        }
    }

    /// Whether the server holds the uploaded record now: `true` for ``inserted(_:)`` and
    /// ``alreadyPresent(_:)``.
    public var isStored: Bool {
        switch self {
        case .inserted, .alreadyPresent: true
        case .conflict, .rejected: false
        }
    }

    /// One line for a person, saying what happened.
    public var description: String {
        switch self {
        case .inserted(let id):
            "\(id.rawValue) was inserted"
        case .alreadyPresent(let id):
            "\(id.rawValue) is already present from the same installation"
        case .conflict(let id, let stored):
            "\(id.rawValue) is already taken by a record from installation \(stored); re-key the record"
        case .rejected(let rawValue, let error):
            "\(rawValue) was rejected: \(error)"
        }
    }
}
