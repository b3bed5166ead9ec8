#if Server && GRDB
    import Foundation
    import MiniFlake
    import MiniFlakeDevice
    import MiniFlakeRegistry

    /// A phone in the scenario: a `DeviceFlakeIssuer` in a directory of its own, with a device
    /// key, a clock the test moves and a seeded random source, plus the device's notes and the
    /// session it is signed into.
    final class SimulatedDevice {
        /// A signed-in session: the bearer token and the account it belongs to.
        struct Session: Sendable, Hashable {
            var token: String
            var account: String
        }

        /// The device's name in the scenario (`A1`, `B1`…).
        let name: String
        /// The app's state directory.
        let directory: String
        /// The key bound to this device (a Keychain item on Apple platforms).
        let deviceKey: String
        /// The device's own clock.
        let clock: ManualFlakeClock
        /// The device's random source.
        let randomBits: SeededBits
        /// The generator, remade by ``relaunch()``.
        private(set) var issuer: DeviceFlakeIssuer
        /// The device's notes.
        var notes: [LocalNote] = []
        /// The session, or `nil` while signed out.
        var session: Session?
        /// How many notes this device created.
        private(set) var created = 0

        /// Launches the app for the first time (or on a copied directory).
        init(name: String, directory: String, deviceKey: String, clock: ManualFlakeClock, seed: UInt64) throws {
            self.name = name
            self.directory = directory
            self.deviceKey = deviceKey
            self.clock = clock
            randomBits = SeededBits(seed: seed)
            issuer = try Self.launch(directory: directory, deviceKey: deviceKey, clock: clock, randomBits: randomBits)
        }

        /// A generator on the directory, as the app makes one at launch, with its next window
        /// reserved: the story's state files change only when the story says so.
        private static func launch(
            directory: String, deviceKey: String, clock: ManualFlakeClock, randomBits: SeededBits
        ) throws -> DeviceFlakeIssuer {
            let issuer = try DeviceFlakeIssuer(
                directory: directory, deviceKey: FixedDeviceKey(deviceKey),
                configuration: DeviceFlakeIssuer.Configuration(
                    clock: clock.flakeClock, randomBits: { randomBits.next() }))
            issuer.waitForReservationAhead()
            return issuer
        }

        /// Quits and launches the app again: a new generator on the same directory. The old one's
        /// process is gone, so nothing of it runs on: its reservation ahead, if any, is finished.
        func relaunch() throws {
            issuer.waitForReservationAhead()
            issuer = try Self.launch(directory: directory, deviceKey: deviceKey, clock: clock, randomBits: randomBits)
        }

        /// Creates a note offline: its ID from the generator, its origin the current installation.
        @discardableResult
        func createNote() throws -> LocalNote {
            created += 1
            let note = LocalNote(
                id: try issuer.nextBlocking(), origin: issuer.installation.text,
                title: "\(name) note \(created) \(UUID())")
            // A window that opened reserved the next in the background: done before the story
            // moves the clock or copies the directory.
            issuer.waitForReservationAhead()
            notes.append(note)
            return note
        }

        /// Gives a note a new ID from the generator, its origin the current installation: the
        /// way out of `id_conflict` and `instance_not_registered`.
        func reKey(noteAt index: Int) throws {
            notes[index].id = try issuer.nextBlocking()
            issuer.waitForReservationAhead()
            notes[index].origin = issuer.installation.text
            notes[index].isSynced = false
        }

        /// Marks every note unsynced, as after signing in again: everything is uploaded again.
        func markAllUnsynced() {
            for index in notes.indices { notes[index].isSynced = false }
        }

        /// This device's backup restored onto another device: the state directory and the notes
        /// copied, a different device key, a clock of its own.
        func restored(
            as name: String, directory: String, deviceKey: String, clock: ManualFlakeClock, seed: UInt64
        ) throws -> SimulatedDevice {
            issuer.waitForReservationAhead()
            let files = try FileManager.default.contentsOfDirectory(atPath: self.directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for file in files {
                try FileManager.default.copyItem(atPath: self.directory + "/" + file, toPath: directory + "/" + file)
            }
            let copy = try SimulatedDevice(
                name: name, directory: directory, deviceKey: deviceKey, clock: clock, seed: seed)
            copy.notes = notes
            copy.session = session
            return copy
        }
    }
#endif
