#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import Testing

    /// A note without an installation column, as a table from before origins were stored.
    private struct LegacyNote: Codable, PersistableRecord {
        static let databaseTableName = "note"
        var accountID: String
        var clientID: FlakeID
        var title: String
    }

    @Suite("A sync server telling a re-upload from a different record under the same ID")
    struct ClientIDIntakeOriginTests {
        @Test("a re-upload from the same origin is already present, and nothing is written")
        func sameOrigin() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            #expect(try server.upload(id.rawValue, title: "groceries", as: "alice", from: "phone") == .inserted(id))
            // A device restored from the phone's backup uploads the phone's note again.
            var built = 0
            let outcome = try server.queue.write { db in
                try server.intake.receive(
                    rawID: id.rawValue, account: "alice", installation: RegistryName("phone"), in: db
                ) { id in
                    built += 1
                    return ServerNote(
                        accountID: "alice", clientID: id, installation: "phone", title: "from the restore")
                }
            }
            #expect(outcome == .alreadyPresent(id))
            #expect(outcome.code == "already_present")
            #expect(built == 0)
            #expect(try server.notes(of: "alice").map(\.title) == ["groceries"])
        }

        @Test(
            "the same ID from another origin is id_conflict, the stored note untouched, and the re-keyed note goes in")
        func otherOrigin() throws {
            let server = try SyncServer()
            // Two devices of one account on one number, at one moment: the same ID.
            let twin = try FlakeMaker(instance: 21, clock: server.deviceTime.flakeClock)
            let id = try server.device.nextBlocking()
            #expect(try twin.nextBlocking() == id)

            #expect(try server.upload(id.rawValue, title: "phone's note", as: "alice", from: "phone") == .inserted(id))
            let outcome = try server.upload(id.rawValue, title: "tablet's note", as: "alice", from: "tablet")
            #expect(outcome == .conflict(id, storedInstallation: "phone"))
            #expect(outcome.code == "id_conflict")
            #expect(try server.upload(id.rawValue, title: "tablet's note", as: "alice", from: "tablet") == outcome)
            #expect(
                try server.notes(of: "alice") == [
                    ServerNote(accountID: "alice", clientID: id, installation: "phone", title: "phone's note")
                ])

            // The tablet re-keys its note with a new ID and uploads it again.
            server.deviceTime.advance(by: .milliseconds(1))
            let rekeyed = try twin.nextBlocking()
            #expect(
                try server.upload(rekeyed.rawValue, title: "tablet's note", as: "alice", from: "tablet")
                    == .inserted(rekeyed))
            #expect(try server.notes(of: "alice").map(\.title) == ["phone's note", "tablet's note"])
        }

        @Test("IDs whose instance number is not registered to the account are refused")
        func notRegistered() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            let outcome = try server.upload(
                id.rawValue, title: "unregistered", as: "alice", registeredInstances: [3, 4])
            #expect(outcome == .rejected(rawValue: id.rawValue, .instanceNotRegistered(21)))
            #expect(outcome.code == "instance_not_registered")
            #expect(try server.count() == 0)

            let outcome2 = try server.queue.write { db in
                try server.intake.receive(
                    rawID: id.rawValue, account: "alice", installation: RegistryName("phone"),
                    registeredInstances: [21], in: db
                ) { id in
                    ServerNote(accountID: "alice", clientID: id, installation: "phone", title: "registered")
                }
            }
            #expect(outcome2 == .inserted(id))
        }

        @Test("a stored record is recognised after its number was retired; only new ones need a registered number")
        func storedBeforeRetirement() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            #expect(
                try server.upload(id.rawValue, title: "kept", as: "alice", registeredInstances: [21]) == .inserted(id))
            // Instance 21 is retired: a re-upload is still the same record, another origin a conflict.
            #expect(
                try server.upload(id.rawValue, title: "kept", as: "alice", registeredInstances: [])
                    == .alreadyPresent(id))
            #expect(
                try server.upload(id.rawValue, title: "other", as: "alice", from: "tablet", registeredInstances: [])
                    == .conflict(id, storedInstallation: "phone"))
            let next = try server.device.nextBlocking()
            #expect(
                try server.upload(next.rawValue, title: "new", as: "alice", registeredInstances: [])
                    == .rejected(rawValue: next.rawValue, .instanceNotRegistered(21)))
            #expect(try server.count() == 1)
        }

        @Test("the validator's own registered numbers are used when none are passed")
        func validatorRegistered() throws {
            var server = try SyncServer()
            server.intake.validator.registeredInstances = [3]
            let id = try server.device.nextBlocking()
            #expect(try server.upload(id.rawValue, title: "x", as: "alice").code == "instance_not_registered")
        }

        @Test("garbage and far-future IDs are refused with their codes")
        func garbageAndFuture() throws {
            let server = try SyncServer()
            #expect(try server.upload(-42, title: "garbage", as: "alice").code == "negative")
            server.deviceTime.set(millisecondsSince1970: SyncServer.now + 86_400_000)
            let future = try server.device.nextBlocking()
            #expect(try server.upload(future.rawValue, title: "tomorrow", as: "alice").code == "in_future")
            #expect(try server.count() == 0)
        }

        @Test("a record built with another origin installation than received is refused")
        func wrongInstallation() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            let mismatch = #expect(throws: GRDBClientIDIntake.RecordMismatch.self) {
                try server.queue.write { db in
                    try server.intake.receive(
                        rawID: id.rawValue, account: "alice", installation: RegistryName("phone"), in: db
                    ) { id in
                        ServerNote(accountID: "alice", clientID: id, installation: "tablet", title: "x")
                    }
                }
            }
            #expect(mismatch?.column == "installation")
            #expect(mismatch?.description == #"the record's installation is "tablet", not "phone" as received"#)
            #expect(try server.count() == 0)
        }

        @Test("a record without an installation column is refused")
        func missingInstallation() throws {
            let queue = try DatabaseQueue()
            try queue.write { db in
                try db.execute(
                    sql: "CREATE TABLE note (accountID TEXT, clientID INTEGER, installation TEXT, title TEXT)")
            }
            let id = try FlakeMaker(instance: 3).nextBlocking()
            let mismatch = #expect(throws: GRDBClientIDIntake.RecordMismatch.self) {
                try queue.write { db in
                    try GRDBClientIDIntake().receive(
                        rawID: id.rawValue, account: "alice", installation: RegistryName("phone"), in: db
                    ) { id in
                        LegacyNote(accountID: "alice", clientID: id, title: "x")
                    }
                }
            }
            #expect(mismatch?.found == nil)
            #expect(mismatch?.description == #"the record's installation is missing, not "phone" as received"#)
        }

        @Test("a stored row without an origin is answered id_conflict, never already present")
        func rowWithoutOrigin() throws {
            let queue = try DatabaseQueue()
            let id = try FlakeMaker(instance: 3).nextBlocking()
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE note (accountID TEXT, clientID INTEGER, installation TEXT, title TEXT,
                            PRIMARY KEY (accountID, clientID));
                        INSERT INTO note VALUES ('alice', ?, NULL, 'before origins were stored');
                        """, arguments: [id])
            }
            let outcome = try queue.write { db in
                try GRDBClientIDIntake().receive(
                    rawID: id.rawValue, account: "alice", installation: RegistryName("phone"), in: db
                ) { id in
                    ServerNote(accountID: "alice", clientID: id, installation: "phone", title: "x")
                }
            }
            #expect(outcome == .conflict(id, storedInstallation: ""))
        }

        @Test("many random uploads: no note lost or stored twice, every collision answered id_conflict")
        func randomUploads() async throws {
            let queue = try DatabaseQueue()
            try await queue.write { db in try ServerNote.createTable(db) }
            let intake = GRDBClientIDIntake(validator: IntakeScenario.validator)
            let report = try await IntakeScenario().run { record in
                let origin = try RegistryName(record.installation)
                return try await queue.write { db in
                    try intake.receive(rawID: record.rawID, account: record.account, installation: origin, in: db) {
                        id in
                        ServerNote(
                            accountID: record.account, clientID: id, installation: record.installation,
                            title: record.title)
                    }
                }
            }
            let notes = try await queue.read { db in try ServerNote.fetchAll(db) }
            #expect(notes.count == report.records.count)
            #expect(Set(notes.map(\.title)).count == notes.count)
            for note in notes {
                let record = try #require(report.records[note.title])
                #expect(note.clientID.rawValue == record.rawID)
                #expect(note.accountID == record.account)
                #expect(note.installation == record.installation)
            }
            #expect(report.conflicts > 20, "\(report)")
            #expect(report.alreadyPresent > 50, "\(report)")
            #expect(report.rejected > 20, "\(report)")
            print("SQLite intake, random uploads: \(report)")
        }
    }
#endif
