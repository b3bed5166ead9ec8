#if canImport(CoreData)
    import CoreData
    import Foundation
    import MiniFlake
    import MiniFlakeDevice
    import MiniFlakeRegistry

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

    enum IDs {
        /// This process's issuer, opened once; when it fails, the app shows `error` instead of stopping.
        /// The share extension passes "share", the widget "widget".
        static let issuer = Result { () throws(DeviceStateError) in
            try DeviceFlakeIssuer(
                directory: try stateDirectory(), processKind: "app",
                deviceKey: KeychainDeviceKey(accessGroup: "TEAMID.com.example.notes"))
        }
    }

    final class NoteEntity: NSManagedObject {
        @NSManaged var id: Int64
        @NSManaged var origin: String

        override func awakeFromInsert() {
            super.awakeFromInsert()
            // A retryable error (another process holds the lock) leaves `id` at 0; have
            // validateForInsert() assign it again or refuse 0, so that no record is saved without one.
            if let issuer = try? IDs.issuer.get(), let id = try? issuer.nextBlocking().rawValue {
                setPrimitiveValue(id, forKey: "id")
                setPrimitiveValue(issuer.installation.text, forKey: "origin")
            }
        }
    }
#endif
