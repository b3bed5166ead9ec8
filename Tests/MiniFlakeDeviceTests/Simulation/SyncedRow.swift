import MiniFlake

/// One app record as the simulation syncs it: a row with a key of its own (as Core Data's and
/// SwiftData's CloudKit records have), a FlakeID, and the installation whose issuer made the ID.
struct SyncedRow: Sendable, Hashable {
    /// The row's own key, unique for ever (the CloudKit record name of the row).
    let key: String
    var id: FlakeID
    /// The installation whose issuer made `id`.
    var origin: String
    /// Raised by each change; with `writer`, decides which of two changes the sync keeps.
    var version: Int
    var writer: String

    /// Whether this version of the row wins over `other` in the sync: the last writer wins, the
    /// same way on every device.
    func wins(over other: SyncedRow) -> Bool {
        (version, writer) > (other.version, other.writer)
    }
}
