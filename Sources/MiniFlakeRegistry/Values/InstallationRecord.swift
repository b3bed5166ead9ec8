import MiniFlake

/// What an ``InstanceRegistry`` remembers about one installation of an account.
public struct InstallationRecord: Sendable, Hashable {
    /// The installation's name.
    public var installation: RegistryName
    /// Its instance number in the account.
    public var instance: Int
    /// When it was first registered, in milliseconds since 1970.
    public var registeredAtMilliseconds: Int64
    /// When it last registered or sent an identifier, in milliseconds since 1970.
    public var lastSeenAtMilliseconds: Int64
    /// When it was retired, in milliseconds since 1970, or `nil` while it is live.
    public var retiredAtMilliseconds: Int64?
    /// The highest identifier seen from it, if any.
    public var highestSeenID: FlakeID?

    /// Makes a record.
    public init(
        installation: RegistryName, instance: Int, registeredAtMilliseconds: Int64,
        lastSeenAtMilliseconds: Int64, retiredAtMilliseconds: Int64? = nil, highestSeenID: FlakeID? = nil
    ) {
        self.installation = installation
        self.instance = instance
        self.registeredAtMilliseconds = registeredAtMilliseconds
        self.lastSeenAtMilliseconds = lastSeenAtMilliseconds
        self.retiredAtMilliseconds = retiredAtMilliseconds
        self.highestSeenID = highestSeenID
    }

    /// Whether the installation is live (not retired).
    public var isLive: Bool { retiredAtMilliseconds == nil }
}
