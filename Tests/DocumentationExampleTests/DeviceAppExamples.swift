#if canImport(CoreData)
    import CoreData
    import Foundation
    import MiniFlakeDevice

    // The Apple-only blocks of MiniFlakeDevice's "Issuing on devices", as they appear there.
    // Compiled on Apple platforms by this target, and on Linux by scripts/typecheck-apple-only.sh.

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
    }

    final class NoteEntity: NSManagedObject {
        @NSManaged var id: Int64
        @NSManaged var origin: String

        override func awakeFromInsert() {
            super.awakeFromInsert()
            // A retryable error (another process holds the lock) leaves `id` at 0; have
            // validateForInsert() assign it again or refuse 0, so that no record is saved without one.
            if let issuer = try? IDs.shared.issuer(), let id = try? issuer.nextBlocking().rawValue {
                setPrimitiveValue(id, forKey: "id")
                setPrimitiveValue(issuer.installation.text, forKey: "origin")
            }
        }
    }
#endif
