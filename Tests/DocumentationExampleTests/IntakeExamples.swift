#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import Testing

    /// A note a sync server stores, keyed by (account, client ID), as in "For sync servers".
    struct ServerNote: Codable, FetchableRecord, PersistableRecord {
        var accountID: String
        var clientID: FlakeID
        var title: String

        static func createTable(_ db: Database) throws {
            try db.execute(
                sql: """
                    CREATE TABLE serverNote (
                        accountID TEXT NOT NULL,
                        clientID  INTEGER NOT NULL CHECK (clientID >= 0),
                        title     TEXT NOT NULL,
                        PRIMARY KEY (accountID, clientID)
                    ) STRICT, WITHOUT ROWID
                    """)
        }
    }

    /// What a device uploaded, and who the request was authenticated as.
    struct Upload {
        var id: Int64
        var title: String
    }

    struct Session {
        var accountID: String
    }

    @Suite("Documentation: for sync servers (ClientIDIntake)")
    struct IntakeExamples {
        @Test("An upload is inserted once, then recognised")
        func receive() throws {
            let dbPool = try DatabaseQueue()
            try dbPool.write { db in try ServerNote.createTable(db) }
            let upload = Upload(id: try FlakeMaker(instance: 4).next().rawValue, title: "Groceries")
            let session = Session(accountID: "alice")
            var outcomes: [ClientIDIntake.Outcome] = []
            for _ in 0..<2 {
                let intake = ClientIDIntake(validator: FlakeValidator(maximumSkewMilliseconds: 60_000))
                let outcome = try dbPool.write { db in
                    try intake.receive(rawID: upload.id, account: session.accountID, in: db) { id in
                        ServerNote(accountID: session.accountID, clientID: id, title: upload.title)
                    }
                }
                // .inserted(id) / .alreadyPresent(id): answer 200 · .rejected(_, error): answer 422 with error.code
                outcomes.append(outcome)
            }
            let id = try #require(FlakeID(rawValue: upload.id))
            #expect(outcomes == [.inserted(id), .alreadyPresent(id)])
        }
    }
#endif
