import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport

/// One account of the simulation: its devices, its CloudKit model (not CloudKit) for the claims,
/// and its rows as the sync service holds them, with a change log devices read from.
final class SimulatedAccount {
    let index: Int
    let layout: FlakeLayout
    let clock = ManualFlakeClock(millisecondsSince1970: 1_760_000_000_000)
    let model: CloudKitModel
    let directory: TemporaryDirectory
    var random: SeededGenerator
    var devices: [SimulatedDevice] = []
    /// The rows the sync service holds, and the keys in the order they changed there.
    var cloud: [String: SyncedRow] = [:]
    var changes: [String] = []
    /// Every key that carried each ID when the ID was made, and whether it was made provisional.
    var made: [FlakeID: [(key: String, provisional: Bool)]] = [:]
    /// Which row of each pair the first device to find it re-keys.
    var decisions: [RowPair: String] = [:]
    /// The rows some device re-keyed.
    var rekeyedRows: Set<String> = []
    var figures = SimulationFigures()
    private var nextRow = 0

    init(index: Int, layout: FlakeLayout, seed: UInt64) throws {
        self.index = index
        self.layout = layout
        random = SeededGenerator(seed: seed)
        let faults = CloudKitModel.Faults(
            lostReply: 0.02, rateLimited: 0.02, networkFailure: 0.02,
            visibilityDelay: index % 2 == 0 ? .seconds(2) : .zero)
        model = CloudKitModel(
            account: try RegistryName("account-\(index)"), clock: clock, seed: seed ^ 0x5EED, faults: faults)
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let inMemory = FileManager.default.isWritableFile(atPath: memory.path)
        directory = try TemporaryDirectory(prefix: "miniflake-sim", in: inMemory ? memory : nil)
    }

    /// Opens a device's issuer: on a new directory, or on a copy of another device's (a backup
    /// restored onto a new device, which the issuer notices by its device key).
    func addDevice(restoring source: SimulatedDevice? = nil) async throws -> SimulatedDevice {
        let name = "account-\(index)-device-\(devices.count)"
        let path = directory.path + "/" + name
        if let source {
            try FileManager.default.copyItem(atPath: source.directory, toPath: path)
        }
        let bits = LockedValue(SeededGenerator(seed: random.next()))
        let randomBits: @Sendable () -> UInt64 = { bits.withLock { $0.next() } }
        let configuration = DeviceFlakeIssuer.Configuration(
            layout: layout, clock: clock.flakeClock, lockWaitLimit: .seconds(5), randomBits: randomBits)
        let issuer = try await DeviceFlakeIssuer.open(
            directory: path, processKind: "app", deviceKey: FixedDeviceKey(name), configuration: configuration)
        let device = SimulatedDevice(
            name: name, directory: path, issuer: issuer, model: model, randomBits: randomBits)
        if let source {
            for row in source.rows.values { device.put(row) }
            device.dirty = source.dirty
            device.pulled = source.pulled
        }
        devices.append(device)
        return device
    }

    /// Makes `count` rows on a device, noting every ID as it is made.
    func makeRows(_ count: Int, on device: SimulatedDevice) async throws {
        for _ in 0..<count {
            let provisional = device.issuer.needsRegistration
            nextRow += 1
            let row = try await device.makeRow(key: "\(index)-\(nextRow)")
            made[row.id, default: []].append((row.key, provisional))
            figures.records += 1
            if provisional { figures.idsBeforeClaim += 1 }
        }
        try await resolve(on: device)
    }

    /// Pushes the device's changes, pulls the others', and resolves what collides.
    func sync(_ device: SimulatedDevice) async throws {
        guard device.store.online, !device.signedOut, !device.lost else { return }
        for key in device.dirty.sorted() {
            guard let row = device.rows[key] else { continue }
            if let stored = cloud[key], !row.wins(over: stored) { continue }
            cloud[key] = row
            changes.append(key)
        }
        device.dirty = []
        while device.pulled < changes.count {
            let key = changes[device.pulled]
            device.pulled += 1
            guard let row = cloud[key] else { continue }
            if let local = device.rows[key], local == row || local.wins(over: row) { continue }
            device.put(row)
        }
        try await resolve(on: device)
    }

    /// Finds the rows here that share an ID and, once the device's number is claimed, re-keys
    /// the one ``FlakeIDCollision`` names.
    func resolve(on device: SimulatedDevice) async throws {
        for id in device.suspects.sorted() {
            while let keys = device.byID[id], keys.count > 1 {
                let local = keys[0]
                let arriving = keys[1]
                guard let a = device.rows[local], let b = device.rows[arriving] else { break }
                guard let collision = FlakeIDCollision(id: id, localOrigin: a.origin, arrivingOrigin: b.origin) else {
                    figures.sameOriginDuplicates += 1
                    break
                }
                let pair = RowPair(id: id, local, arriving)
                let rekeyedKey = collision.rekeyed == .local ? local : arriving
                if let decided = decisions[pair], decided != rekeyedKey { figures.disagreements += 1 }
                decisions[pair] = decisions[pair] ?? rekeyedKey
                if device.found.insert(pair).inserted { figures.detections += 1 }
                guard device.isClaimed, var row = device.rows[rekeyedKey] else { break }
                row.id = try await device.issuer.next()
                row.origin = device.installation
                row.version += 1
                row.writer = device.installation
                device.put(row)
                device.dirty.insert(row.key)
                figures.rekeyed += 1
                rekeyedRows.insert(row.key)
            }
            if (device.byID[id]?.count ?? 0) < 2 { device.suspects.remove(id) }
        }
    }

    /// Moves the account's clock.
    func advance(milliseconds: Int64) { clock.advance(by: .milliseconds(milliseconds)) }
}
