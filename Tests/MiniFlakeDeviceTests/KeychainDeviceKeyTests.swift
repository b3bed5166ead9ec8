#if canImport(Security)
    import Foundation
    import MiniFlakeDevice
    import Testing

    @Suite("KeychainDeviceKey on the real Keychain (Apple platforms, MINIFLAKE_KEYCHAIN_TESTS=1)")
    struct KeychainDeviceKeyTests {
        @Test(
            "makes a key once, reads the same key back, and removes it",
            .enabled(if: ProcessInfo.processInfo.environment["MINIFLAKE_KEYCHAIN_TESTS"] == "1"))
        func roundTrip() throws {
            let key = KeychainDeviceKey(service: "org.miniflake.tests.\(UUID().uuidString)")
            do {
                let first = try key.deviceKey()
                #expect(try key.deviceKey() == first)
                #expect(first.count == 32)
                try key.removeKey()
                #expect(try key.deviceKey() != first)
                try key.removeKey()
            } catch {
                #if os(macOS)
                    // `swift test`'s runner is not signed with a keychain-access-groups entitlement,
                    // so the data protection keychain refuses it: the documented failure, which also
                    // shows that the query did not fall back to the login keychain.
                    let failure = error as? DeviceStateError
                    #expect(failure?.code == .deviceKeyUnavailable)
                    #expect(failure?.message.contains("OSStatus -34018") == true, "\(error)")
                #else
                    throw error
                #endif
            }
        }
    }
#endif
