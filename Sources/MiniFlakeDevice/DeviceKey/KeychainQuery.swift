/// A Keychain query dictionary as plain values: which attribute keys it holds and their values.
/// `KeychainDeviceKey` turns each into the `CFDictionary` of `kSec…` constants it passes to
/// `SecItemCopyMatching`, `SecItemAdd`, `SecItemUpdate` and `SecItemDelete`; Linux tests what
/// each query holds.
package struct KeychainQuery: Sendable, Hashable {
    /// A key of the dictionary: the `kSec…` constant named in each case's comment.
    package enum Attribute: Sendable, Hashable, CaseIterable {
        /// `kSecClass`.
        case itemClass
        /// `kSecAttrService`.
        case service
        /// `kSecAttrAccount`.
        case account
        /// `kSecAttrAccessGroup`.
        case accessGroup
        /// `kSecUseDataProtectionKeychain`: on macOS, the iOS-style keychain, where
        /// `kSecAttrAccessible` and `kSecAttrAccessGroup` apply; ignored elsewhere.
        case useDataProtectionKeychain
        /// `kSecAttrAccessible`.
        case accessible
        /// `kSecReturnData`.
        case returnData
        /// `kSecMatchLimit`.
        case matchLimit
        /// `kSecValueData`.
        case valueData
    }

    /// A value of the dictionary.
    package enum Value: Sendable, Hashable {
        /// `kSecClassGenericPassword`.
        case genericPassword
        /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
        case afterFirstUnlockThisDeviceOnly
        /// `kSecMatchLimitOne`.
        case matchLimitOne
        /// `true`.
        case yes
        /// A string.
        case text(String)
        /// Bytes (`Data`).
        case bytes([UInt8])
    }

    /// The account name of the device key's item.
    package static let account = "device-key"

    /// The dictionary's entries.
    package private(set) var entries: [Attribute: Value]

    /// The attributes that name the device key's item, on the data protection keychain.
    package init(service: String, accessGroup: String?) {
        entries = [
            .itemClass: .genericPassword, .service: .text(service), .account: .text(Self.account),
            .useDataProtectionKeychain: .yes,
        ]
        if let accessGroup { entries[.accessGroup] = .text(accessGroup) }
    }

    private init(entries: [Attribute: Value]) {
        self.entries = entries
    }

    /// For `SecItemCopyMatching`: the item's data, at most one item.
    package var lookup: KeychainQuery {
        adding([.returnData: .yes, .matchLimit: .matchLimitOne])
    }

    /// For `SecItemAdd`: the item holding `key`, readable after the first unlock and never
    /// carried to another device.
    package func addition(of key: String) -> KeychainQuery {
        adding([.valueData: .bytes(Array(key.utf8)), .accessible: .afterFirstUnlockThisDeviceOnly])
    }

    /// For `SecItemUpdate`'s second argument: the new data, and nothing else.
    package static func replacement(by key: String) -> KeychainQuery {
        KeychainQuery(entries: [.valueData: .bytes(Array(key.utf8))])
    }

    private func adding(_ more: [Attribute: Value]) -> KeychainQuery {
        KeychainQuery(entries: entries.merging(more) { _, new in new })
    }
}
