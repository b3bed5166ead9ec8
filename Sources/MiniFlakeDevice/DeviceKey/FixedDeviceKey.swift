/// A device key given as text: for tests (two "devices" are two keys) and for servers, whose
/// state directory is not copied between machines.
public struct FixedDeviceKey: DeviceKeySource {
    /// The key.
    public let key: String

    /// Uses `key` as the device key.
    public init(_ key: String) {
        self.key = key
    }

    /// The key given.
    public func deviceKey() throws(DeviceStateError) -> String { key }
}
