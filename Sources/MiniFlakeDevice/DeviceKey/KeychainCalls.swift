/// The four Keychain calls, in plain values: `KeychainDeviceKey` implements them with
/// `SecItemCopyMatching`, `SecItemAdd`, `SecItemUpdate` and `SecItemDelete`; tests on any
/// platform with an in-memory keychain.
package protocol KeychainCalls {
    /// `SecItemCopyMatching`: the status, and the item's data when it succeeded.
    func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: [UInt8]?)
    /// `SecItemAdd`.
    func add(_ item: KeychainQuery) -> KeychainStatus
    /// `SecItemUpdate`: sets `attributes` on the items `query` matches.
    func update(_ query: KeychainQuery, to attributes: KeychainQuery) -> KeychainStatus
    /// `SecItemDelete`.
    func delete(_ query: KeychainQuery) -> KeychainStatus
    /// `SecCopyErrorMessageString`: the system's text for a status, if it has one.
    func systemMessage(for status: KeychainStatus) -> String?
}
