import Foundation
import MiniFlakeDevice

/// Where the app and its extensions keep the issuer's state: their shared App Group container.
func stateDirectory() throws(DeviceStateError) -> String {
    let group = "group.com.example.notes"
    guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
        throw DeviceStateError(
            .storageFailed, message: "no container for \(group): check the App Groups entitlement")
    }
    return container.appending(path: "MiniFlake").path(percentEncoded: false)
}

/// This process's issuer, opened on first use. A failed open is not kept: before the first
/// unlock after a restart the Keychain cannot be read (`device_key_unavailable`), and another
/// process may hold the directory lock (`directory_busy`), so the next call opens it again.
final class IDs: @unchecked Sendable {
    // @unchecked: `opened` is read and written only while `lock` is held.
    static let shared = IDs()
    private let lock = NSLock()
    private var opened: DeviceFlakeIssuer?

    /// The issuer, opened now if it is not open yet. The share extension passes "share", the
    /// widget "widget".
    func issuer() throws(DeviceStateError) -> DeviceFlakeIssuer {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        let issuer = try DeviceFlakeIssuer(
            directory: try stateDirectory(), processKind: "app",
            deviceKey: KeychainDeviceKey(accessGroup: "TEAMID.com.example.notes"))
        opened = issuer
        return issuer
    }

    /// Opens the issuer at launch on a thread of its own (the Keychain read, the directory lock
    /// and the state file's `fsync` never hold the main thread), then calls `opened` with it, or
    /// with `nil` when it cannot be opened yet: the first ID opens it again.
    func openAtLaunch(then opened: @escaping @Sendable (DeviceFlakeIssuer?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            opened(try? self.issuer())
        }
    }

    /// Closes the issuer, if it is open, when the app moves to the background: the next launch
    /// resumes right after the last ID issued. The issuer stays usable; the next ID reserves again.
    func close() async {
        let issuer = lock.withLock { opened }
        try? await issuer?.close()
    }
}
