import MiniFlake
import MiniFlakeDevice

/// One device's view of a ``CloudKitModel`` (not CloudKit): whether it is online, and which
/// account it is signed in to, as the test sets them.
final class ModelClaimStore: InstanceClaimStore, Sendable {
    /// What the device sees of the world.
    struct Device: Sendable {
        var online = true
        /// The account's model the device is signed in to, or `nil` when signed out of iCloud.
        var signedIn: CloudKitModel?
        /// The account the store bound itself to at its last `account()`.
        var bound: RegistryName?
    }

    let device: LockedValue<Device>

    init(signedIn model: CloudKitModel?) {
        device = LockedValue(Device(signedIn: model))
    }

    var online: Bool {
        get { device.withLock { $0.online } }
        set { device.withLock { $0.online = newValue } }
    }

    /// Signs the device in to another account's model, or out (`nil`).
    func signIn(_ model: CloudKitModel?) { device.withLock { $0.signedIn = model } }

    /// The model of the account the device is signed in to, checked as a CloudKit call checks it.
    private func model() throws(InstanceClaimError) -> CloudKitModel {
        let device = device.withLock { $0 }
        guard device.online else { throw InstanceClaimError(.networkUnavailable, message: "the device is offline") }
        guard let model = device.signedIn else { throw InstanceClaimError(.noAccount, message: "no iCloud account") }
        guard device.bound == nil || device.bound == model.account else {
            throw InstanceClaimError(.accountChanged, message: "the iCloud account changed")
        }
        return model
    }

    func account() async throws(InstanceClaimError) -> RegistryName {
        let device = device.withLock { $0 }
        guard device.online else { throw InstanceClaimError(.networkUnavailable, message: "the device is offline") }
        guard let model = device.signedIn else { throw InstanceClaimError(.noAccount, message: "no iCloud account") }
        self.device.withLock { $0.bound = model.account }
        return model.account
    }

    func prepare() async throws(InstanceClaimError) { try model().prepare() }

    func fetch(_ name: String) async throws(InstanceClaimError) -> InstanceClaimRecord? {
        try model().fetch(name)
    }

    func create(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        try model().create(record)
    }

    func replace(_ record: InstanceClaimRecord) async throws(InstanceClaimError) -> InstanceClaimRecord {
        try model().replace(record)
    }
}
