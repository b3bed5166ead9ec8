#if canImport(Security)
    import Foundation
    import Security

    /// A device key kept in the Keychain as a generic-password item with
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: backups and device migration do not
    /// carry it, so a state file restored onto another device meets another key there.
    ///
    /// Every query sets `kSecUseDataProtectionKeychain`, on every platform. On macOS that puts
    /// the item in the iOS-style data protection keychain, where `…ThisDeviceOnly` and the access
    /// group apply (without it the item would go to the file-based login keychain, which
    /// Migration Assistant and Time Machine carry to a new Mac). That keychain needs a signed
    /// app: sign a Mac app with a `keychain-access-groups` entitlement that lists the group, or
    /// every call fails with `errSecMissingEntitlement` (OSStatus -34018). An unsigned
    /// command-line tool cannot use it; give it a ``FileDeviceKey`` instead.
    ///
    /// Use the same `service` and `accessGroup` in the app and its extensions. Before the
    /// device's first unlock after a restart the item cannot be read (`errSecInteractionNotAllowed`):
    /// ``deviceKey()`` then throws ``DeviceStateError/Code/deviceKeyUnavailable``, and making a
    /// ``DeviceFlakeIssuer`` throws it too, writing no state; open the issuer again once the user
    /// has unlocked the device. Every failure is `device_key_unavailable`, with the `OSStatus`
    /// and what it means in the message.
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
        ///
        /// - Throws: ``DeviceStateError/Code/deviceKeyUnavailable``, the message naming the
        ///   `OSStatus`.
        public func deviceKey() throws(DeviceStateError) -> String {
            try KeychainKeyStore(service: service, accessGroup: accessGroup).deviceKey(using: SecItemCalls())
        }

        /// Deletes the item: the next ``deviceKey()`` makes a new key (and the issuer then
        /// starts a new installation).
        ///
        /// - Throws: ``DeviceStateError/Code/deviceKeyUnavailable``, the message naming the
        ///   `OSStatus`.
        package func removeKey() throws(DeviceStateError) {
            try KeychainKeyStore(service: service, accessGroup: accessGroup).removeKey(using: SecItemCalls())
        }
    }

    /// The Security framework's `SecItem` calls, with ``KeychainQuery``'s plain values turned
    /// into `kSec…` constants.
    private struct SecItemCalls: KeychainCalls {
        func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: [UInt8]?) {
            var result: CFTypeRef?
            let status = SecItemCopyMatching(Self.dictionary(query), &result)
            return (KeychainStatus(status), (result as? Data).map { Array($0) })
        }

        func add(_ item: KeychainQuery) -> KeychainStatus {
            KeychainStatus(SecItemAdd(Self.dictionary(item), nil))
        }

        func update(_ query: KeychainQuery, to attributes: KeychainQuery) -> KeychainStatus {
            KeychainStatus(SecItemUpdate(Self.dictionary(query), Self.dictionary(attributes)))
        }

        func delete(_ query: KeychainQuery) -> KeychainStatus {
            KeychainStatus(SecItemDelete(Self.dictionary(query)))
        }

        func systemMessage(for status: KeychainStatus) -> String? {
            SecCopyErrorMessageString(status.rawValue, nil) as String?
        }

        private static func dictionary(_ query: KeychainQuery) -> CFDictionary {
            var dictionary: [String: Any] = [:]
            for (attribute, value) in query.entries {
                dictionary[key(attribute) as String] = object(value)
            }
            return dictionary as CFDictionary
        }

        private static func key(_ attribute: KeychainQuery.Attribute) -> CFString {
            switch attribute {
            case .itemClass: kSecClass
            case .service: kSecAttrService
            case .account: kSecAttrAccount
            case .accessGroup: kSecAttrAccessGroup
            case .useDataProtectionKeychain: kSecUseDataProtectionKeychain
            case .accessible: kSecAttrAccessible
            case .returnData: kSecReturnData
            case .matchLimit: kSecMatchLimit
            case .valueData: kSecValueData
            }
        }

        private static func object(_ value: KeychainQuery.Value) -> Any {
            switch value {
            case .genericPassword: kSecClassGenericPassword
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case .matchLimitOne: kSecMatchLimitOne
            case .yes: true
            case .text(let text): text
            case .bytes(let bytes): Data(bytes)
            }
        }
    }
#endif
