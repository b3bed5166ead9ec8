import Foundation
import MiniFlake
import MiniFlakeDevice
import MiniFlakeTestSupport

/// The life of one account: first launches at one moment, offline periods, a sign-out and back
/// in, a backup restored onto a new device, a device lost for a year, a deleted zone, then every
/// device back online until the claims and the sync settle.
extension SimulatedAccount {
    /// How many steps the account lives before it settles.
    static let steps = 6

    func run() async throws {
        let deviceCount = Int.random(in: 2...8, using: &random)
        for _ in 0..<deviceCount { _ = try await addDevice() }
        figures.devices = deviceCount
        let provisional = devices.compactMap(\.issuer.provisionalInstance)
        if Set(provisional).count < provisional.count { figures.sharedProvisional = 1 }

        let signOutStep = random.chance(0.2) ? Int.random(in: 1...Self.steps - 3, using: &random) : nil
        let restoreStep = random.chance(0.15) ? Int.random(in: 1..<Self.steps, using: &random) : nil
        let lostStep = random.chance(0.1) ? Int.random(in: 1...Self.steps - 2, using: &random) : nil
        let zoneStep = random.chance(0.03) ? Int.random(in: 1..<Self.steps, using: &random) : nil

        // First launches: most devices at the same moment, the rest a few steps later.
        for device in devices where random.chance(0.6) { device.launched = true }
        for step in 0..<Self.steps {
            if step == signOutStep, let device = devices.first(where: { $0.launched && !$0.lost }) {
                try await signOut(device)
            }
            if step == (signOutStep ?? -10) + 2, let device = devices.first(where: \.signedOut) {
                device.store.signIn(model)
                device.signedOut = false
            }
            if step == restoreStep, let source = devices.first(where: { $0.launched && !$0.lost }) {
                let restored = try await addDevice(restoring: source)
                restored.launched = true
                figures.devices += 1
                figures.restoredBackups += 1
            }
            if step == lostStep, let device = devices.last(where: { $0.launched && !$0.lost }) {
                device.lost = true
                figures.lostForAYear += 1
            }
            if step == (lostStep ?? -10) + 1 { advance(milliseconds: 365 * 86_400_000) }
            if step == zoneStep {
                model.deleteZone()
                figures.deletedZones += 1
            }
            for device in devices where !device.lost {
                if !device.launched { device.launched = random.chance(0.5) }
                guard device.launched else { continue }
                device.store.online = random.chance(step == 0 ? 0.6 : 0.75)
                try await makeRows(Int.random(in: step == 0 ? 1...3 : 0...1, using: &random), on: device)
                if device.issuer.needsRegistration || step % 3 == 0 { await device.claim() }
                try await sync(device)
            }
            advance(milliseconds: Int64.random(in: 3_600_000...(2 * 86_400_000), using: &random))
        }
        try await settle()
    }

    /// Releases the device's number and signs it out of iCloud.
    func signOut(_ device: SimulatedDevice) async throws {
        device.store.online = true
        _ = try await device.claims.release(for: device.issuer)
        device.store.signIn(nil)
        device.signedOut = true
        figures.signOuts += 1
    }

    /// Every device back online and signed in (the lost one too, a year later), claiming until
    /// it holds a number, then syncing until no device changes anything.
    func settle() async throws {
        advance(milliseconds: 86_400_000)
        for device in devices {
            device.launched = true
            device.lost = false
            device.signedOut = false
            device.store.online = true
            device.store.signIn(model)
        }
        for device in devices {
            // A device back after a year makes a row before it learns its number was taken over.
            try await makeRows(1, on: device)
        }
        // Until every device's last claim or renewal succeeded (a renewal remakes a record a
        // deleted zone took with it).
        var pending = devices
        for _ in 0..<20 where !pending.isEmpty {
            var failed: [SimulatedDevice] = []
            for device in pending {
                if await !device.claim() { failed.append(device) }
            }
            pending = failed
            advance(milliseconds: 60_000)
        }
        for _ in 0..<20 {
            let before = changes.count
            for device in devices { try await sync(device) }
            if changes.count == before { break }
        }
        for device in devices { try await sync(device) }
    }
}
