/// Where a ``DeviceFlakeIssuer`` gets a secret that stays on this device: something backups do
/// not carry to another device, so that a state file restored elsewhere is recognised.
///
/// The issuer stores only a fingerprint of the key in its state file, never the key. On Apple
/// platforms use `KeychainDeviceKey` (a Keychain item that is `ThisDeviceOnly`); elsewhere
/// ``FileDeviceKey`` with a path outside the backed-up directory; in tests and on servers
/// ``FixedDeviceKey``.
public protocol DeviceKeySource: Sendable {
    /// The device's key: the same text every time on this device, a different one on any other.
    ///
    /// - Throws: ``DeviceStateError/Code/deviceKeyUnavailable`` when it cannot be read or made.
    func deviceKey() throws(DeviceStateError) -> String
}

/// Fingerprints of device keys.
enum DeviceKeyFingerprint {
    /// 32 hexadecimal digits derived from the key (two 64-bit FNV-1a hashes with different
    /// offsets). Enough to tell keys apart; the key itself is never stored.
    static func of(_ key: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in key.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte ^ 0x5c)) &* 0x0000_0100_0000_01b3
        }
        return hex(first) + hex(second)
    }

    /// 16 lowercase hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
