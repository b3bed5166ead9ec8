#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import Testing

    /// A sync server's database, its clock, and a device that makes notes offline.
    struct SyncServer {
        static let now: Int64 = 1_750_000_000_000
        static let skew: Int64 = 5_000

        let serverTime = ManualFlakeClock(millisecondsSince1970: now)
        let deviceTime = ManualFlakeClock(millisecondsSince1970: now - 3_600_000)
        let device: FlakeMaker
        var intake: GRDBClientIDIntake
        let queue: DatabaseQueue

        init(allowedInstances: Set<Int>? = nil) throws {
            device = try FlakeMaker(instance: 21, clock: deviceTime.flakeClock)
            intake = GRDBClientIDIntake(
                validator: FlakeValidator(
                    maximumSkew: .milliseconds(Self.skew), allowedInstances: allowedInstances,
                    clock: serverTime.flakeClock))
            queue = try DatabaseQueue()
            try queue.write { db in try ServerNote.createTable(db) }
        }

        /// One upload, authenticated as `account`, of a record made by `installation`.
        func upload(
            _ rawID: Int64, title: String, as account: String, from installation: String = "phone",
            registeredInstances: Set<Int>? = nil
        ) throws -> IntakeOutcome {
            let origin = try RegistryName(installation)
            var intake = intake
            if let registeredInstances { intake.validator.registeredInstances = registeredInstances }
            return try queue.write { [intake] db in
                try intake.receive(rawID: rawID, account: account, installation: origin, in: db) { id in
                    ServerNote(accountID: account, clientID: id, installation: installation, title: title)
                }
            }
        }

        /// An account's notes, oldest first.
        func notes(of account: String) throws -> [ServerNote] {
            try queue.read { db in
                try ServerNote.filter(Column("accountID") == account).order(Column("clientID")).fetchAll(db)
            }
        }

        func count() throws -> Int {
            try queue.read { db in try ServerNote.fetchCount(db) }
        }
    }

    @Suite("A sync server taking in IDs made offline on devices")
    struct ClientIDIntakeTests {
        @Test("the same note uploaded twice is recognised, not duplicated")
        func uploadedTwice() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            #expect(try server.upload(id.rawValue, title: "groceries", as: "alice") == .inserted(id))
            #expect(try server.upload(id.rawValue, title: "groceries (retry)", as: "alice") == .alreadyPresent(id))
            #expect(
                try server.notes(of: "alice") == [
                    ServerNote(accountID: "alice", clientID: id, installation: "phone", title: "groceries")
                ])
        }

        @Test("the same client ID under two accounts is two notes")
        func sameIDTwoAccounts() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            #expect(try server.upload(id.rawValue, title: "alice's", as: "alice") == .inserted(id))
            #expect(try server.upload(id.rawValue, title: "bob's", as: "bob") == .inserted(id))
            #expect(try server.count() == 2)
            #expect(try server.notes(of: "alice").map(\.title) == ["alice's"])
            #expect(try server.notes(of: "bob").map(\.title) == ["bob's"])
        }

        @Test("a client sending another account's IDs changes only its own account")
        func maliciousClient() throws {
            let server = try SyncServer()
            var aliceIDs: [FlakeID] = []
            for index in 0..<5 {
                server.deviceTime.advance(by: .milliseconds(10))
                let id = try server.device.nextBlocking()
                aliceIDs.append(id)
                #expect(try server.upload(id.rawValue, title: "alice \(index)", as: "alice") == .inserted(id))
            }
            let aliceBefore = try server.notes(of: "alice")

            for id in aliceIDs {
                #expect(try server.upload(id.rawValue, title: "overwritten by mallory", as: "mallory") == .inserted(id))
                #expect(try server.upload(id.rawValue, title: "again", as: "mallory") == .alreadyPresent(id))
            }

            #expect(try server.notes(of: "alice") == aliceBefore)
            #expect(try server.notes(of: "mallory").map(\.clientID) == aliceIDs)
            #expect(try server.count() == 2 * aliceIDs.count)
        }

        @Test("a record built for another account than the authenticated one is refused")
        func recordForAnotherAccount() throws {
            let server = try SyncServer()
            let id = try server.device.nextBlocking()
            let mismatch = #expect(throws: GRDBClientIDIntake.RecordMismatch.self) {
                try server.queue.write { db in
                    try server.intake.receive(
                        rawID: id.rawValue, account: "mallory", installation: RegistryName("phone"), in: db
                    ) { id in
                        ServerNote(
                            accountID: "alice", clientID: id, installation: "phone", title: "taken from the upload")
                    }
                }
            }
            #expect(mismatch?.column == "accountID")
            #expect(mismatch?.code == .recordMismatch)
            #expect(mismatch?.code.description == "record_mismatch")
            #expect(mismatch?.message == mismatch?.description)
            #expect(mismatch?.description == #"the record's accountID is "alice", not "mallory" as received"#)
            #expect(try server.count() == 0)
        }

        @Test("IDs from further in the future than the allowed skew are refused with .inFuture")
        func fromTheFuture() throws {
            let server = try SyncServer()
            server.deviceTime.set(millisecondsSince1970: SyncServer.now + SyncServer.skew)
            let justInside = try server.device.nextBlocking()
            #expect(try server.upload(justInside.rawValue, title: "fast clock", as: "alice") == .inserted(justInside))

            server.deviceTime.set(millisecondsSince1970: SyncServer.now + SyncServer.skew + 1)
            let tooFar = try server.device.nextBlocking()
            let outcome = try server.upload(tooFar.rawValue, title: "too fast", as: "alice")
            #expect(
                outcome
                    == .rejected(
                        rawValue: tooFar.rawValue,
                        .inFuture(aheadByMilliseconds: SyncServer.skew + 1, maximumSkewMilliseconds: SyncServer.skew)))
            guard case .rejected(_, let error) = outcome else { return }
            #expect(error.code.rawValue == "in_future")

            // Once the server's clock catches up, the same ID is accepted.
            server.serverTime.advance(by: .milliseconds(1))
            #expect(try server.upload(tooFar.rawValue, title: "too fast", as: "alice") == .inserted(tooFar))
            #expect(try server.notes(of: "alice").map(\.clientID) == [justInside, tooFar])
        }

        @Test("negative IDs are refused with .negative", arguments: [Int64(-1), -2_968_523_523_440_640_007, .min])
        func negative(rawID: Int64) throws {
            let server = try SyncServer()
            let outcome = try server.upload(rawID, title: "forged", as: "alice")
            #expect(outcome == .rejected(rawValue: rawID, .negative(rawID)))
            guard case .rejected(_, let error) = outcome else { return }
            #expect(error.code.rawValue == "negative")
            #expect(try server.count() == 0)
        }

        @Test("IDs of instance numbers the account may not use are refused")
        func instanceNotAllowed() throws {
            let server = try SyncServer(allowedInstances: [1, 2])
            let id = try server.device.nextBlocking()
            #expect(
                try server.upload(id.rawValue, title: "other device", as: "alice")
                    == .rejected(rawValue: id.rawValue, .instanceNotAllowed(21)))
            #expect(try server.count() == 0)
        }

        @Test("a batch of uploads in one write: new, retried and refused")
        func batch() throws {
            let server = try SyncServer()
            let first = try server.device.nextBlocking()
            let second = try server.device.nextBlocking()
            let uploads: [(Int64, String)] = [
                (first.rawValue, "one"), (-7, "forged"), (second.rawValue, "two"), (first.rawValue, "one, retried"),
            ]
            let outcomes = try server.queue.write { db in
                try uploads.map { rawID, title in
                    try server.intake.receive(
                        rawID: rawID, account: "alice", installation: RegistryName("phone"), in: db
                    ) { id in
                        ServerNote(accountID: "alice", clientID: id, installation: "phone", title: title)
                    }
                }
            }
            #expect(
                outcomes == [
                    .inserted(first), .rejected(rawValue: -7, .negative(-7)), .inserted(second), .alreadyPresent(first),
                ])
            #expect(try server.notes(of: "alice").map(\.title) == ["one", "two"])
        }

        @Test("the schema itself refuses negative and non-integer client IDs")
        func schemaRefusesBadValues() throws {
            let server = try SyncServer()
            for sql in ["-1", "'abc'", "2.5", "NULL"] {
                #expect(throws: DatabaseError.self, "clientID \(sql)") {
                    try server.queue.write { db in
                        try db.execute(
                            sql:
                                "INSERT INTO note (accountID, clientID, installation, title) VALUES ('alice', \(sql), 'phone', 'x')"
                        )
                    }
                }
            }
            #expect(try server.count() == 0)
        }
    }
#endif
