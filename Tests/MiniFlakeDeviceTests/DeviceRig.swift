import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeRegistry
import MiniFlakeTestSupport

/// A state directory, a clock moved by hand and seeded randomness, for device issuer tests.
final class DeviceRig: Sendable {
    let directory: TemporaryDirectory
    let clock = ManualFlakeClock(millisecondsSince1970: 1_760_000_000_000)
    let random: LockedValue<SeededGenerator>
    let reservationTicks: Int64
    let lockWaitLimit: Duration

    /// - Parameter inMemory: Put the directory in memory (`/dev/shm`) where there is such a
    ///   file system, for a test that makes thousands of state writes: there `fsync` costs
    ///   nothing, and the disk stays free for the tests running alongside.
    init(
        seed: UInt64 = 13, reservationTicks: Int64 = 1000, lockWaitLimit: Duration = .milliseconds(200),
        inMemory: Bool = false
    ) throws {
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let inMemory = inMemory && FileManager.default.isWritableFile(atPath: memory.path)
        directory = try TemporaryDirectory(prefix: "miniflake-device", in: inMemory ? memory : nil)
        random = LockedValue(SeededGenerator(seed: seed))
        self.reservationTicks = reservationTicks
        self.lockWaitLimit = lockWaitLimit
    }

    var path: String { directory.path + "/state" }

    var settings: DeviceFlakeIssuer.Configuration {
        DeviceFlakeIssuer.Configuration(
            clock: clock.flakeClock, reservation: .milliseconds(reservationTicks), lockWaitLimit: lockWaitLimit,
            randomBits: { [self] in random.withLock { $0.next() } })
    }

    /// An issuer on the rig's directory (or another one), with its next window reserved: the
    /// state file no longer changes until a window runs out.
    func issuer(kind: String = "app", device: String = "device-a", directory: String? = nil) throws
        -> DeviceFlakeIssuer
    {
        let issuer = try DeviceFlakeIssuer(
            directory: directory ?? path, processKind: kind, deviceKey: FixedDeviceKey(device), configuration: settings)
        issuer.waitForReservationAhead()
        return issuer
    }

    /// A state file's text.
    func stateText(kind: String = "app", directory: String? = nil) throws -> String {
        try String(contentsOfFile: "\(directory ?? path)/miniflake-\(kind).state", encoding: .utf8)
    }

    /// Replaces a state file's text.
    func writeState(_ text: String, kind: String = "app") throws {
        try text.write(toFile: "\(path)/miniflake-\(kind).state", atomically: true, encoding: .utf8)
    }

    /// Moves the clock by minutes (negative: back).
    func advance(minutes: Int64) { clock.advance(by: .milliseconds(minutes * 60_000)) }

    deinit { directory.remove() }
}

/// A registration answer, as the registry would give it.
func registration(_ issuer: DeviceFlakeIssuer, account: String, instance: Int, highestSeen: FlakeID? = nil) throws
    -> InstanceRegistration
{
    InstanceRegistration(
        account: try RegistryName(account), installation: issuer.installation, instance: instance,
        isNew: true, highestSeenID: highestSeen)
}

/// Issues `count` identifiers with `next()`.
func issue(_ issuer: DeviceFlakeIssuer, _ count: Int) throws -> [FlakeID] {
    try (0..<count).map { _ in try issuer.nextBlocking() }
}
