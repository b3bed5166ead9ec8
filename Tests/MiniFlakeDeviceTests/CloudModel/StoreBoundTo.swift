import MiniFlake
import MiniFlakeDevice

/// A store that answers `account()` with another model's account once, as a device whose
/// account changed between two calls sees it.
final class StoreBoundTo: InstanceClaimStore, Sendable {
    let store: ModelClaimStore
    let earlier: CloudKitModel

    init(_ store: ModelClaimStore, after earlier: CloudKitModel) {
        self.store = store
        self.earlier = earlier
    }

    func account() async throws(InstanceClaimError) -> RegistryName {
        store.device.withLock { $0.bound = earlier.account }
        return earlier.account
    }
    func prepare() async throws(InstanceClaimError) { try await store.prepare() }
    func fetch(_ name: String) async throws(InstanceClaimError) -> InstanceClaimRecord? { try await store.fetch(name) }
    func create(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        try await store.create(record)
    }
    func replace(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        try await store.replace(record)
    }
}
