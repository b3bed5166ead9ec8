import Foundation
import MiniFlake

/// What an ``InstanceRegistry`` remembers about one installation of an account.
public struct InstallationRecord: Sendable, Hashable {
    /// The installation's name.
    public var installation: RegistryName
    /// Its instance number in the account.
    public var instance: Int
    /// When it was first registered, to the millisecond.
    public var registeredAt: Date
    /// When it last registered or sent an identifier, to the millisecond.
    public var lastSeenAt: Date
    /// When it was retired, to the millisecond, or `nil` while it is live.
    public var retiredAt: Date?
    /// The highest identifier seen from it, if any.
    public var highestSeenID: FlakeID?

    /// Makes a record.
    public init(
        installation: RegistryName, instance: Int, registeredAt: Date, lastSeenAt: Date, retiredAt: Date? = nil,
        highestSeenID: FlakeID? = nil
    ) {
        self.installation = installation
        self.instance = instance
        self.registeredAt = registeredAt
        self.lastSeenAt = lastSeenAt
        self.retiredAt = retiredAt
        self.highestSeenID = highestSeenID
    }

    /// Makes a record from the milliseconds since 1970 a registry stores.
    package init(
        installation: RegistryName, instance: Int, registeredAtMilliseconds: Int64, lastSeenAtMilliseconds: Int64,
        retiredAtMilliseconds: Int64? = nil, highestSeenID: FlakeID? = nil
    ) {
        self.init(
            installation: installation, instance: instance,
            registeredAt: Date(millisecondsSince1970: registeredAtMilliseconds),
            lastSeenAt: Date(millisecondsSince1970: lastSeenAtMilliseconds),
            retiredAt: retiredAtMilliseconds.map { Date(millisecondsSince1970: $0) }, highestSeenID: highestSeenID)
    }

    /// Whether the installation is live (not retired).
    public var isLive: Bool { retiredAt == nil }
}
