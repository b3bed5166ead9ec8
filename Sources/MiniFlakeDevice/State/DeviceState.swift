import MiniFlake
import MiniFlakeRegistry

/// What one process kind's state file holds: the installation, its number, and the mark.
///
/// Stored as `miniflake-KIND.state` in the issuer's directory, as lines of `key value`:
///
/// ```
/// miniflake-device-state 1
/// layout miniflake 1519862400000 1
/// installation 3f9c2a0e5b7d4c18a6e2f0b9d3c7e15a
/// device-key 8c1d0f6a2b9e4d7c5a3f1e0b8d6c4a29
/// instance 731
/// registered 0
/// mark 277514563210
/// account alice@example.com
/// left-behind 0d4e…  612 277514000000 alice@example.com
/// retired 538@277514563180
/// ```
///
/// `mark` is the tick every process of the kind issued below: it is raised before identifiers
/// are issued under it. `account`, `left-behind` and `retired` lines are optional (version 1.0
/// readers ignore `retired`, which is one line).
struct DeviceState: Sendable, Hashable {
    /// The installation's name: 32 lowercase hexadecimal digits.
    var installation: String
    /// The device key's fingerprint (never the key).
    var deviceKeyFingerprint: String
    /// The account signed into, if any.
    var account: String?
    /// The instance number: assigned by the registry when `registered`, provisional otherwise.
    var instance: Int
    /// Whether the registry assigned `instance` for `account`.
    var registered: Bool
    /// Every tick issued under this state is below this one.
    var markTick: Int64
    /// Installations this state left behind, oldest first.
    var leftBehind: [LeftBehindInstallation]
    /// Numbers this installation moved off while other processes of the kind may still issue
    /// with them, oldest first (the newest 32); avoided while their mark is ahead of the clock.
    var retired: [RetiredNumber] = []

    /// How many left-behind installations, and how many retired numbers, the file keeps.
    static let leftBehindLimit = 32

    /// Stops using the installation: records it and its number as left behind and takes a new
    /// installation name; the caller moves the number (`DeviceStateChange.Draft.moveToNumber`).
    mutating func leave(newInstallation: String) -> LeftBehindInstallation {
        // Both were checked as registry names when the state was made or read back.
        let left = LeftBehindInstallation(
            installation: RegistryName(checkedText: installation), instance: instance,
            account: account.map { RegistryName(checkedText: $0) }, markTick: markTick)
        leftBehind.append(left)
        if leftBehind.count > Self.leftBehindLimit { leftBehind.removeFirst(leftBehind.count - Self.leftBehindLimit) }
        installation = newInstallation
        return left
    }

    /// Records `instance` as retired at the current mark (its newest entry). Entries are kept
    /// (the newest 32) rather than dropped once the clock passes their mark: a clock set back
    /// brings a retired window's ticks ahead of it again, and with them the need to avoid the
    /// number.
    mutating func retire(_ instance: Int) {
        retired.removeAll { $0.instance == instance }
        retired.append(RetiredNumber(instance: instance, markTick: markTick))
        if retired.count > Self.leftBehindLimit { retired.removeFirst(retired.count - Self.leftBehindLimit) }
    }
}
