import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport

/// One device of a simulated account: a real `DeviceFlakeIssuer` on a state directory of its own,
/// a claimer on its view of the account's CloudKit model, and its local copy of the account's rows.
final class SimulatedDevice {
    let name: String
    let directory: String
    let issuer: DeviceFlakeIssuer
    let store: ModelClaimStore
    let claims: AccountInstanceClaims
    /// The rows on this device, and which of them changed since the last push.
    var rows: [String: SyncedRow] = [:]
    var dirty: Set<String> = []
    /// The keys carrying each ID, in the order they arrived here.
    var byID: [FlakeID: [String]] = [:]
    /// IDs that two rows here carry.
    var suspects: Set<FlakeID> = []
    /// The pairs this device found.
    var found: Set<RowPair> = []
    /// How far this device has read the account's change log.
    var pulled = 0
    var launched = false
    var signedOut = false
    var lost = false

    init(
        name: String, directory: String, issuer: DeviceFlakeIssuer, model: CloudKitModel,
        randomBits: @escaping @Sendable () -> UInt64
    ) {
        self.name = name
        self.directory = directory
        self.issuer = issuer
        store = ModelClaimStore(signedIn: model)
        claims = AccountInstanceClaims(store: store, configuration: .init(randomBits: randomBits))
    }

    var installation: String { issuer.installation.text }

    /// Whether IDs made now are under a claimed number.
    var isClaimed: Bool { !issuer.needsRegistration && !signedOut }

    /// Stores a row here (made, re-keyed or pulled), keeping the ID index.
    func put(_ row: SyncedRow) {
        if let old = rows[row.key], old.id != row.id {
            byID[old.id]?.removeAll { $0 == row.key }
            if byID[old.id]?.isEmpty == true { byID[old.id] = nil }
        }
        rows[row.key] = row
        var keys = byID[row.id] ?? []
        if !keys.contains(row.key) { keys.append(row.key) }
        byID[row.id] = keys
        if keys.count > 1 { suspects.insert(row.id) }
    }

    /// Makes a row with a new ID.
    func makeRow(key: String) async throws -> SyncedRow {
        let row = SyncedRow(
            key: key, id: try await issuer.next(), origin: installation, version: 1, writer: installation)
        put(row)
        dirty.insert(key)
        return row
    }

    /// Claims or renews; a failure leaves the issuer as it was (the app tries again later).
    ///
    /// - Returns: Whether the claim or renewal succeeded.
    @discardableResult
    func claim() async -> Bool {
        guard !signedOut, !lost else { return false }
        return (try? await claims.claim(for: issuer)) != nil
    }
}
