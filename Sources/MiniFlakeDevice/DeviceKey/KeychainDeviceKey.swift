#if canImport(Security)
    import Security
    import Foundation

    /// A device key kept in the Keychain as a generic-password item with
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: backups and device migration do not
    /// carry it, so a state file restored onto another device meets another key there.
    ///
    /// Use the same `service` (and `accessGroup`, for an App Group) in the app and its
    /// extensions. Before the first unlock after a restart the item cannot be read, and
    /// ``deviceKey()`` throws ``DeviceStateError/Code/deviceKeyUnavailable``.
    public struct KeychainDeviceKey: DeviceKeySource {
        /// The item's service name.
        public let service: String
        /// The Keychain access group shared by the app and its extensions, if any.
        public let accessGroup: String?

        /// Uses the item of `service` (and `accessGroup`), making it on first use.
        public init(service: String = "org.miniflake.device-key", accessGroup: String? = nil) {
            self.service = service
            self.accessGroup = accessGroup
        }

        /// Reads the key, or makes and stores 128 random bits the first time.
        public func deviceKey() throws(DeviceStateError) -> String {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: "device-key",
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            for _ in 0..<2 {
                var lookup = query
                lookup[kSecReturnData as String] = true
                var result: CFTypeRef?
                let status = SecItemCopyMatching(lookup as CFDictionary, &result)
                if status == errSecSuccess, let data = result as? Data, !data.isEmpty {
                    return String(decoding: data, as: UTF8.self)
                }
                guard status == errSecItemNotFound else { throw Self.failure("read", status) }
                var random = SystemRandomNumberGenerator()
                let key = DeviceKeyFingerprint.hex(random.next()) + DeviceKeyFingerprint.hex(random.next())
                var item = query
                item[kSecValueData as String] = Data(key.utf8)
                item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                let added = SecItemAdd(item as CFDictionary, nil)
                if added == errSecSuccess { return key }
                guard added == errSecDuplicateItem else { throw Self.failure("store", added) }
                // Another process stored one first: read theirs.
            }
            throw DeviceStateError(.deviceKeyUnavailable, message: "the Keychain item keeps changing")
        }

        private static func failure(_ action: String, _ status: OSStatus) -> DeviceStateError {
            DeviceStateError(
                .deviceKeyUnavailable, message: "cannot \(action) the device key in the Keychain (OSStatus \(status))")
        }
    }
#endif
