import MiniFlake

/// The answer to a registration: the installation's instance number in the account.
public struct InstanceRegistration: Sendable, Hashable {
    /// The account.
    public var account: RegistryName
    /// The installation.
    public var installation: RegistryName
    /// The instance number the installation makes identifiers with in this account.
    public var instance: Int
    /// Whether this call registered the pair (`false` when it answered an earlier
    /// registration).
    public var isNew: Bool
    /// The highest identifier the registry has seen from the installation, if any; a device
    /// raises its high-water mark above it.
    public var highestSeenID: FlakeID?

    /// Makes a registration answer.
    public init(
        account: RegistryName, installation: RegistryName, instance: Int, isNew: Bool,
        highestSeenID: FlakeID? = nil
    ) {
        self.account = account
        self.installation = installation
        self.instance = instance
        self.isNew = isNew
        self.highestSeenID = highestSeenID
    }
}
