import MiniFlakeDevice
import MiniFlakeRegistry
import Testing

@Suite("Keychain device key: queries, statuses and the read-or-make flow, on any platform")
struct KeychainKeyStoreTests {
    let store = KeychainKeyStore(service: "org.example.notes", accessGroup: "TEAMID.org.example.notes") {
        "0123456789abcdef0123456789abcdef"
    }

    @Test("every query names the item on the data protection keychain")
    func queries() {
        let item = store.item
        for query in [item, item.lookup, item.addition(of: "k")] {
            #expect(query.entries[.useDataProtectionKeychain] == .yes)
            #expect(query.entries[.itemClass] == .genericPassword)
            #expect(query.entries[.service] == .text("org.example.notes"))
            #expect(query.entries[.account] == .text("device-key"))
            #expect(query.entries[.accessGroup] == .text("TEAMID.org.example.notes"))
        }
        #expect(item.lookup.entries[.returnData] == .yes)
        #expect(item.lookup.entries[.matchLimit] == .matchLimitOne)
        #expect(item.addition(of: "k").entries[.accessible] == .afterFirstUnlockThisDeviceOnly)
        #expect(item.addition(of: "k").entries[.valueData] == .bytes([0x6b]))
        #expect(KeychainQuery.replacement(by: "k").entries == [.valueData: .bytes([0x6b])])
        #expect(KeychainQuery(service: "s", accessGroup: nil).entries[.accessGroup] == nil)
    }

    @Test("the first call makes and stores the key, later calls read it; every call sets the data protection key")
    func readOrMake() throws {
        let keychain = FakeKeychain()
        let first = try store.deviceKey(using: keychain)
        let second = try KeychainKeyStore(service: "org.example.notes", accessGroup: "TEAMID.org.example.notes")
            .deviceKey(using: keychain)
        #expect(first == "0123456789abcdef0123456789abcdef")
        #expect(second == first)
        try store.removeKey(using: keychain)
        try store.removeKey(using: keychain)  // not there: not an error
        let queries = keychain.queries
        #expect(queries.count == 5)  // read, add, read, delete, delete
        #expect(queries.allSatisfy { $0.entries[.useDataProtectionKeychain] == .yes })
    }

    @Test("random keys are 32 hexadecimal digits, different each time")
    func randomKeys() {
        let keys = (0..<8).map { _ in KeychainKeyStore.randomKey() }
        #expect(Set(keys).count == 8)
        #expect(keys.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test("another process adds its key first: errSecDuplicateItem, and its key is read back")
    func lostRace() throws {
        let keychain = FakeKeychain()
        keychain.edit { state in
            state.beforeAdd = { $0["org.example.notes|device-key|TEAMID.org.example.notes"] = Array("theirs".utf8) }
        }
        #expect(try store.deviceKey(using: keychain) == "theirs")
    }

    @Test("an item holding no usable key gets a new one with SecItemUpdate")
    func unusableItem() throws {
        for stored: [UInt8] in [[], [0xff, 0xfe], Array(repeating: 0x61, count: 1025)] {
            let keychain = FakeKeychain()
            keychain.edit { $0.items["org.example.notes|device-key|TEAMID.org.example.notes"] = stored }
            #expect(try store.deviceKey(using: keychain) == "0123456789abcdef0123456789abcdef")
            // read, update (its search query), read
            #expect(keychain.queries.count == 3)
            #expect(keychain.queries.allSatisfy { $0.entries[.useDataProtectionKeychain] == .yes })
        }
        #expect(KeychainKeyStore.key(from: Array("k".utf8)) == "k")
    }

    @Test("every failing status is device_key_unavailable naming the status, the action, what it means")
    func failures() {
        let cases: [(KeychainStatus, Int, String, String)] = [
            (.interactionNotAllowed, 0, "read", "errSecInteractionNotAllowed"),
            (.missingEntitlement, 0, "read", "keychain-access-groups entitlement"),
            (.notAvailable, 0, "read", "errSecNotAvailable"),
            (.authenticationFailed, 0, "read", "errSecAuthFailed"),
            (.userCanceled, 0, "read", "errSecUserCanceled"),
            (.invalidParameter, 0, "read", "errSecParam"),
            (.allocationFailed, 0, "read", "errSecAllocate"),
            (.decodeFailed, 0, "read", "errSecDecode"),
            (.unimplemented, 0, "read", "errSecUnimplemented"),
            (KeychainStatus(-67_585), 0, "read", "a status MiniFlake does not expect"),
            (.interactionNotAllowed, 1, "store", "first unlock"),
            (.missingEntitlement, 1, "store", "FileDeviceKey"),
        ]
        for (status, position, action, meaning) in cases {
            let keychain = FakeKeychain()
            keychain.edit { state in
                state.forcedStatuses = Array(repeating: .itemNotFound, count: position) + [status]
            }
            #expect {
                try store.deviceKey(using: keychain)
            } throws: { error in
                guard let error = error as? DeviceStateError else { return false }
                return error.code == .deviceKeyUnavailable
                    && error.message.contains("cannot \(action) the device key in the Keychain")
                    && error.message.contains("OSStatus \(status.rawValue)") && error.message.contains(meaning)
            }
        }
    }

    @Test("a failed replace or delete names its status; the system's text is kept")
    func replaceAndDeleteFailures() {
        let replace = FakeKeychain()
        replace.edit { $0.items["org.example.notes|device-key|TEAMID.org.example.notes"] = [] }
        // The read succeeds with an empty item, then the update is refused.
        let refusing = RefusingUpdates(inner: replace)
        #expect {
            try store.deviceKey(using: refusing)
        } throws: { error in
            (error as? DeviceStateError)?.message.contains("cannot replace the device key") == true
        }
        let keychain = FakeKeychain()
        keychain.edit { $0.forcedStatuses = [.missingEntitlement] }
        #expect {
            try store.removeKey(using: keychain)
        } throws: { error in
            guard let message = (error as? DeviceStateError)?.message else { return false }
            return message.contains("cannot delete") && message.contains("OSStatus -34018")
                && message.contains("the system says: A required entitlement isn't present.")
        }
    }

    @Test("an item that keeps changing gives up after three reads")
    func keepsChanging() {
        let keychain = FakeKeychain()
        let race: [KeychainStatus] = [.itemNotFound, .duplicateItem]
        keychain.edit { $0.forcedStatuses = race + race + race }
        #expect {
            try store.deviceKey(using: keychain)
        } throws: { error in
            (error as? DeviceStateError)?.message.contains("kept changing") == true
        }
    }
}

/// A keychain whose updates are refused with `errSecInteractionNotAllowed`.
private struct RefusingUpdates: KeychainCalls {
    let inner: FakeKeychain

    func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: [UInt8]?) {
        inner.copyData(matching: query)
    }
    func add(_ item: KeychainQuery) -> KeychainStatus { inner.add(item) }
    func update(_ query: KeychainQuery, to attributes: KeychainQuery) -> KeychainStatus { .interactionNotAllowed }
    func delete(_ query: KeychainQuery) -> KeychainStatus { inner.delete(query) }
    func systemMessage(for status: KeychainStatus) -> String? { nil }
}
