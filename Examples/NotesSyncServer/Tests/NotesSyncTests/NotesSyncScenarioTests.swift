#if Server && GRDB
    import HummingbirdTesting
    import MiniFlake
    import MiniFlakeDevice
    import MiniFlakeRegistry
    import MiniFlakeTestSupport
    import NotesSync
    import Testing

    /// Issue 13's story, driven over HTTP as devices would: three phones (two of alice's, one of
    /// bob's) make notes offline, sign in, upload, sign out and back in (bob's phone into
    /// alice's account), one has its clock set back a day, one is restored from another's
    /// backup, two made notes under the same provisional number in the same millisecond, and a
    /// bad client sends what it should not.
    @Suite("The notes sync scenario, end to end")
    struct NotesSyncScenarioTests {
        @Test("No note is lost or duplicated, every collision is re-keyed, every bad upload is refused")
        func scenario() async throws {
            let world = try TestServer()
            defer { world.directory.remove() }
            let tally = try await world.application.test(.router) { client in
                try await Self.run(world: world, sync: NotesSyncClient(client: client))
            }
            // The story is fixed (seeds, manual clocks), so are its counts: the README shows them.
            #expect(tally == Self.expectedTally, "notes-sync scenario: \(tally)")
            print("notes-sync scenario: \(tally)")
        }

        /// The scenario's counts, as Examples/NotesSyncServer/README.md prints them.
        static let expectedTally = ScenarioTally(
            created: 19, registrations: 9, retirements: 1,
            answers: ["already_present": 16, "id_conflict": 1, "inserted": 24, "instance_not_registered": 1],
            reKeyed: 2,
            refused: [
                "in_future": 1, "instance_not_registered": 1, "invalid_origin": 1, "invalid_request": 1,
                "malformed_id": 1, "malformed_json": 1, "negative": 1, "unauthorized": 2,
            ])

        /// The scenario, step by step; returns its counts.
        static func run(world: TestServer, sync: NotesSyncClient) async throws -> ScenarioTally {
            var clocks: [ManualFlakeClock] = []
            func device(_ name: String, seed: UInt64, directory: String? = nil) throws -> SimulatedDevice {
                let clock = ManualFlakeClock(millisecondsSince1970: world.clock.millisecondsSince1970)
                clocks.append(clock)
                return try SimulatedDevice(
                    name: name, directory: directory ?? world.directory.path + "/" + name, deviceKey: "key-" + name,
                    clock: clock, seed: seed)
            }
            func advance(byMilliseconds milliseconds: Int64) {
                world.clock.advance(by: .milliseconds(milliseconds))
                for clock in clocks { clock.advance(by: .milliseconds(milliseconds)) }
            }

            // Two seeds whose fresh generators draw the same provisional number: the chance two
            // of an account's devices meet, made certain.
            let (seedA1, seedA2) = try sameProvisionalSeeds(in: world.directory.path + "/probes")

            // 1. Offline, before signing in. A1 and A2 hold the same provisional number and make
            //    their first notes in the same millisecond; then they take turns.
            let a1 = try device("A1", seed: seedA1)
            let a2 = try device("A2", seed: seedA2)
            let b1 = try device("B1", seed: 1_001)
            let shared = try #require(a1.issuer.provisionalInstance)
            #expect(a2.issuer.provisionalInstance == shared)
            try a1.createNote()
            try a2.createNote()
            try b1.createNote()
            for turn in 1...4 {
                advance(byMilliseconds: 1)
                try (turn.isMultiple(of: 2) ? a2 : a1).createNote()
                try b1.createNote()
            }
            let collisions = Set(a1.notes.map(\.id)).intersection(a2.notes.map(\.id)).count
            #expect(collisions == 1, "the same number in the same millisecond makes the same ID")

            // 2. Sign in: A1 keeps its provisional number, A2 (second) gets another one.
            advance(byMilliseconds: 1_000)
            try await sync.signIn(a1, token: "alice-token", account: "alice")
            try await sync.signIn(a2, token: "alice-token", account: "alice")
            try await sync.signIn(b1, token: "bob-token", account: "bob")
            #expect(a1.issuer.currentInstanceNumber == shared)
            #expect(a2.issuer.currentInstanceNumber != shared)

            // 3. Upload. A2's note under A1's ID is answered id_conflict, re-keyed and stored.
            #expect(try await sync.upload(a1) == ["inserted": a1.notes.count])
            let a2Answers = try await sync.upload(a2)
            #expect(a2Answers["id_conflict"] == collisions)
            #expect(a2Answers["inserted"] == a2.notes.count)
            try await sync.upload(b1)

            // 4. Sign out and back in: the same number again, and every note re-uploaded is
            //    recognised. Bob's phone signs into alice's account instead and moves its notes.
            advance(byMilliseconds: 60_000)
            for phone in [a1, a2] {
                let before = phone.issuer.currentInstanceNumber
                try sync.signOut(phone)
                let again = try await sync.signIn(phone, token: "alice-token", account: "alice")
                #expect(again.instance == before && !again.isNew)
                phone.markAllUnsynced()
                #expect(try await sync.upload(phone) == ["already_present": phone.notes.count])
            }
            //    It offers its number, free in alice's account, so it keeps it there, and its notes
            //    are new to alice's account under the IDs they have.
            let bobNumber = b1.issuer.currentInstanceNumber
            try sync.signOut(b1)
            try await sync.signIn(b1, token: "alice-token", account: "alice")
            #expect(b1.issuer.currentInstanceNumber == bobNumber)
            b1.markAllUnsynced()
            #expect(try await sync.upload(b1) == ["inserted": b1.notes.count])

            // 5. A1 makes a note offline, then its clock is set back a day and the app
            //    relaunched: it leaves its number behind for a fresh one, so no ID repeats. The
            //    app retires the number left behind; the note made under it, not yet uploaded,
            //    is answered instance_not_registered and re-keyed; the notes already stored under
            //    it are still recognised when uploaded again.
            advance(byMilliseconds: 60_000)
            try a1.createNote()
            let a1Before = Set(a1.notes.map(\.id))
            a1.clock.advance(by: .milliseconds(-86_400_000))
            try a1.relaunch()
            #expect(a1.issuer.launchRecovery?.code == .clockFarBehindMark)
            for _ in 1...3 {
                let note = try a1.createNote()
                #expect(!a1Before.contains(note.id), "no ID made twice")
                a1.clock.advance(by: .milliseconds(1))
            }
            #expect(try await sync.upload(a1) == ["inserted": 4, "instance_not_registered": 1])
            #expect(a1.issuer.currentInstanceNumber != shared)
            a1.markAllUnsynced()
            #expect(try await sync.upload(a1) == ["already_present": a1.notes.count])

            // 6. A2's backup restored onto a new phone, A3: the clone is recognised, becomes a new
            //    installation with its own number; the notes it carries are re-uploads.
            advance(byMilliseconds: 60_000)
            let a3Clock = ManualFlakeClock(millisecondsSince1970: world.clock.millisecondsSince1970)
            clocks.append(a3Clock)
            let a3 = try a2.restored(
                as: "A3", directory: world.directory.path + "/A3", deviceKey: "key-A3", clock: a3Clock, seed: 3_003)
            #expect(a3.issuer.launchRecovery?.code == .deviceChanged)
            #expect(a3.issuer.installation != a2.issuer.installation)
            #expect(a3.issuer.needsRegistration)
            a3.markAllUnsynced()
            #expect(try await sync.upload(a3) == ["already_present": a2.notes.count])
            for phone in [a3, a2, a3] { try phone.createNote() }
            #expect(try await sync.upload(a3) == ["inserted": 2])
            #expect(try await sync.upload(a2) == ["inserted": 1])

            // 7. Bob's own phone, which the bad client steals an ID from.
            let b2 = try device("B2", seed: 2_002)
            try await sync.signIn(b2, token: "bob-token", account: "bob")
            let bobNote = try b2.createNote()
            try await sync.upload(b2)
            try await badClient(world: world, sync: sync, bobID: bobNote.id, aliceInstance: shared)

            // 8. Everything adds up.
            let phones = [a1, a2, a3, b1, b2]
            sync.tally.created = phones.map(\.created).reduce(0, +)
            try await checkServer(world: world, sync: sync, phones: phones)
            #expect(sync.tally["id_conflict"] == collisions)
            #expect(sync.tally.reKeyed == sync.tally["id_conflict"] + sync.tally["instance_not_registered"])
            return sync.tally
        }

        /// Two seeds whose fresh generators draw the same provisional number, found by making
        /// throwaway generators (the same seeds on every run).
        static func sameProvisionalSeeds(in directory: String) throws -> (UInt64, UInt64) {
            var seedByNumber: [Int: UInt64] = [:]
            for seed in UInt64(1)...2_000 {
                let bits = SeededBits(seed: seed)
                let probe = try DeviceFlakeIssuer(
                    directory: directory + "/\(seed)", deviceKey: FixedDeviceKey("probe"),
                    configuration: DeviceFlakeIssuer.Configuration(randomBits: { bits.next() }))
                let number = try #require(probe.provisionalInstance)
                if let first = seedByNumber[number] { return (first, seed) }
                seedByNumber[number] = seed
            }
            throw ScenarioFailure("no two seeds drew the same provisional number")
        }
    }
#endif
