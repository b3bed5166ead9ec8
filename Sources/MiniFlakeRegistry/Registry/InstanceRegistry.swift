import MiniFlake

/// Hands each installation of an account an instance number that no other live installation
/// of that account holds, so that devices of one person never make the same ``MiniFlake/FlakeID``.
///
/// An installation is one copy of an app (or one process kind of it, such as a share
/// extension) on one device; it names itself with a random string it keeps. The registry
/// remembers every (account, installation) pair: registering the same pair again answers the
/// same number, so signing out and back in changes nothing.
///
/// ```swift
/// let registration = try await registry.register(
///     account: RegistryName("account-42"), installation: RegistryName(device.installation),
///     provisionalInstance: device.provisionalInstance)
/// try await device.adopt(registration)
/// ```
///
/// `MiniFlakeGRDB` stores a registry in SQLite and `MiniFlakePostgres` in PostgreSQL; both
/// follow the same rules, written once in this module.
public protocol InstanceRegistry: Sendable {
    /// The layout whose instance numbers the registry hands out.
    var configuration: InstanceRegistryConfiguration { get }

    /// Registers an installation of an account, or answers its existing registration.
    ///
    /// - Parameters:
    ///   - account: The account the installation signed into.
    ///   - installation: The installation's own name for itself.
    ///   - provisionalInstance: The number the installation has used offline, kept when it is
    ///     free in the account.
    /// - Returns: The installation's number, whether it was registered now, and the highest
    ///   identifier the registry has seen from it.
    /// - Throws: ``InstanceRegistryError`` with ``InstanceRegistryError/Code/noFreeInstance``
    ///   when the account has no number left, or a storage failure.
    func register(
        account: RegistryName, installation: RegistryName, provisionalInstance: Int?
    ) async throws(InstanceRegistryError) -> InstanceRegistration

    /// Retires an installation: its number is no longer live, and is handed out again only
    /// after the reuse horizon and only when the account has no free number left.
    ///
    /// - Returns: `true` when the installation was live, `false` when it was unknown or
    ///   already retired.
    func retire(account: RegistryName, installation: RegistryName) async throws(InstanceRegistryError) -> Bool

    /// Every installation the registry remembers for an account, retired ones included, by
    /// instance number.
    func installations(of account: RegistryName) async throws(InstanceRegistryError) -> [InstallationRecord]

    /// The instance numbers held by the account's live installations.
    func liveInstances(of account: RegistryName) async throws(InstanceRegistryError) -> Set<Int>

    /// Records that an identifier arrived from an installation: updates its last-seen time and
    /// raises the highest identifier seen from it, which later registrations answer so that a
    /// device restored from an old state raises its high-water mark.
    ///
    /// Unknown pairs are ignored.
    func recordSeen(
        _ id: FlakeID, account: RegistryName, installation: RegistryName
    ) async throws(InstanceRegistryError)
}
