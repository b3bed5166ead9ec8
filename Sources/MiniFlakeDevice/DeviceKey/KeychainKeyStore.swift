/// How `KeychainDeviceKey` reads, makes and removes its key, on top of ``KeychainCalls``.
package struct KeychainKeyStore: Sendable {
    /// The attributes naming the item (on the data protection keychain).
    package let item: KeychainQuery
    /// Makes a new key: 32 random hexadecimal digits by default.
    package let makeKey: @Sendable () -> String

    /// The store of the item of `service` (and `accessGroup`).
    package init(
        service: String, accessGroup: String?,
        makeKey: @escaping @Sendable () -> String = KeychainKeyStore.randomKey
    ) {
        item = KeychainQuery(service: service, accessGroup: accessGroup)
        self.makeKey = makeKey
    }

    /// 128 random bits as 32 lowercase hexadecimal digits.
    package static func randomKey() -> String {
        var random = SystemRandomNumberGenerator()
        return DeviceKeyFingerprint.hex(random.next()) + DeviceKeyFingerprint.hex(random.next())
    }

    /// The key the item holds, made and stored first if there is none.
    ///
    /// When another process adds the item first (`errSecDuplicateItem`), its key is read back.
    /// An item that holds no usable key (empty, not UTF-8, over 1 KiB) gets a new one with
    /// `SecItemUpdate`: a different key makes the issuer start a new installation once
    /// (`device_changed`), which is safe, where refusing would stop the app for good.
    ///
    /// - Throws: ``DeviceStateError/Code/deviceKeyUnavailable`` for any other status (see
    ///   ``KeychainStatus/error(_:systemMessage:)``), or when the item keeps changing.
    package func deviceKey(using keychain: some KeychainCalls) throws(DeviceStateError) -> String {
        for _ in 0..<3 {
            let (status, data) = keychain.copyData(matching: item.lookup)
            switch status {
            case .success:
                if let key = data.flatMap(Self.key(from:)) { return key }
                let updated = keychain.update(item, to: .replacement(by: makeKey()))
                guard updated == .success || updated == .itemNotFound else {
                    throw updated.error("replace", systemMessage: keychain.systemMessage(for: updated))
                }
            // Read it back: another process may have replaced or deleted it meanwhile.
            case .itemNotFound:
                let key = makeKey()
                let added = keychain.add(item.addition(of: key))
                if added == .success { return key }
                guard added == .duplicateItem else {
                    throw added.error("store", systemMessage: keychain.systemMessage(for: added))
                }
            // Another process stored one first: read theirs.
            default:
                throw status.error("read", systemMessage: keychain.systemMessage(for: status))
            }
        }
        throw DeviceStateError(
            .deviceKeyUnavailable, message: "the device key's Keychain item kept changing while it was read")
    }

    /// Deletes the item; an item that is not there is not an error.
    ///
    /// - Throws: ``DeviceStateError/Code/deviceKeyUnavailable`` for any other status.
    package func removeKey(using keychain: some KeychainCalls) throws(DeviceStateError) {
        let status = keychain.delete(item)
        guard status == .success || status == .itemNotFound else {
            throw status.error("delete", systemMessage: keychain.systemMessage(for: status))
        }
    }

    /// The key stored in an item's data: 1 to 1024 bytes of UTF-8, or `nil`.
    package static func key(from data: [UInt8]) -> String? {
        guard (1...1024).contains(data.count) else { return nil }
        return String(validating: data, as: UTF8.self)
    }
}
