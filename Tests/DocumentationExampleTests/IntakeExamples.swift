#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import Testing

    /// A note a sync server stores, keyed by (account, client ID), with the installation that
    /// made its ID, as in "For sync servers".
    struct ServerNote: Codable, FetchableRecord, PersistableRecord {
        var accountID: String
        var clientID: FlakeID
        var installation: String
        var title: String

        static func createTable(_ db: Database) throws {
            try db.execute(
                sql: """
                    CREATE TABLE serverNote (
                        accountID    TEXT NOT NULL,
                        clientID     INTEGER NOT NULL CHECK (clientID >= 0),
                        installation TEXT NOT NULL,
                        title        TEXT NOT NULL,
                        PRIMARY KEY (accountID, clientID)
                    ) STRICT, WITHOUT ROWID
                    """)
        }
    }

    /// What a device uploaded, and who the request was authenticated as.
    struct Upload: Sendable {
        var id: Int64
        var installation: String
        var title: String
    }

    struct Session: Sendable {
        var accountID: String
    }

    @Suite("Documentation: for sync servers (GRDBClientIDIntake)")
    struct IntakeExamples {
        @Test("An upload is inserted once, then recognised; another device's record under its ID is a conflict")
        func receive() throws {
            let dbPool = try DatabaseQueue()
            try dbPool.write { db in try ServerNote.createTable(db) }
            let id = try FlakeMaker(instance: 4).nextBlocking()
            let session = Session(accountID: "alice")
            let uploads = [
                Upload(id: id.rawValue, installation: "phone-7f3a", title: "Groceries"),
                Upload(id: id.rawValue, installation: "phone-7f3a", title: "Groceries"),
                Upload(id: id.rawValue, installation: "tablet-02c1", title: "Packing list"),
            ]
            let live: Set<Int> = [4]  // try await registry.liveInstances(of: account)
            var outcomes: [IntakeOutcome] = []
            for upload in uploads {
                let firstRelease = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01: no record is older
                let intake = GRDBClientIDIntake(
                    validator: FlakeValidator(maximumSkew: .milliseconds(60_000), earliest: firstRelease))
                let origin = try RegistryName(upload.installation)  // invalid_name: answer 400
                let outcome = try dbPool.write { db in
                    try intake.receive(
                        rawID: upload.id, account: session.accountID, installation: origin,
                        registeredInstances: live, in: db
                    ) { id in
                        ServerNote(
                            accountID: session.accountID, clientID: id, installation: origin.text,
                            title: upload.title)
                    }
                }
                // .inserted, .alreadyPresent: answer 200
                // .conflict: answer 409 with outcome.code, "id_conflict": the device re-keys the record
                // .rejected: answer 422 with outcome.code ("in_future", "instance_not_registered", ...)
                outcomes.append(outcome)
            }
            #expect(
                outcomes == [.inserted(id), .alreadyPresent(id), .conflict(id, storedInstallation: "phone-7f3a")])
            #expect(outcomes.map(\.code) == ["inserted", "already_present", "id_conflict"])
        }
    }

    #if Postgres
        import MiniFlakePostgres
        import PostgresNIO

        /// `PostgresClientIDIntake`'s example. Compiled, not run: the intake's tests run it against a
        /// real server.
        func receiveInPostgres(
            client: PostgresClient, registry: some InstanceRegistry, upload: Upload, session: Session
        ) async throws -> IntakeOutcome {
            let account = try RegistryName(session.accountID)
            let intake = try PostgresClientIDIntake(client: client, table: "notes")
            let origin = try RegistryName(upload.installation)
            let outcome = try await intake.receive(
                rawID: upload.id, account: session.accountID, installation: origin,
                registeredInstances: try await registry.liveInstances(of: account)
            ) { id, connection in
                try await connection.query(
                    """
                    INSERT INTO notes (account_id, client_id, installation, title)
                    VALUES (\(session.accountID), \(id), \(origin.text), \(upload.title))
                    """, logger: intake.logger)
            }
            return outcome
        }
    #endif
#endif
