import MiniFlakeRegistry

/// An installation a ``DeviceFlakeIssuer`` stopped using after a recovery. The app may retire it
/// in the registry (`InstanceRegistry.retire(account:installation:)`) once its records are
/// uploaded, unless it was left after `device_changed`: then it is the original device's.
public struct LeftBehindInstallation: Sendable, Hashable {
    /// The installation's name, as the registry takes it.
    public var installation: RegistryName
    /// The instance number it issued with.
    public var instance: Int
    /// The account it was signed into, if any.
    public var account: RegistryName?
    /// The stored mark when it was left: every tick it issued is below this one.
    public var markTick: Int64

    /// Makes a record.
    public init(installation: RegistryName, instance: Int, account: RegistryName?, markTick: Int64) {
        self.installation = installation
        self.instance = instance
        self.account = account
        self.markTick = markTick
    }
}
