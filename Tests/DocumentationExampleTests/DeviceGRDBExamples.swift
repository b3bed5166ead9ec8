#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeDevice
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import MiniFlakeTestSupport
    import Testing

    // The GRDB, registration and `id_conflict` blocks of MiniFlakeDevice's "Issuing on devices",
    // as they appear there, each in the function or type that gives it its names.
    enum IssuingOnDevicesSamples {
        // What the registration block calls: the signed-in session, and the sync server's client
        // (here answering from an instance registry in SQLite, as a sync server would).
        struct Session {
            var account: String?
        }

        struct RegistrationAnswer {
            var account: String
            var installation: String
            var instance: Int
            var highestSeenID: FlakeID?
        }

        struct SyncServerClient {
            let registry: GRDBInstanceRegistry

            func register(account: String, installation: String, provisionalInstance: Int?) async throws
                -> RegistrationAnswer
            {
                let registration = try await registry.register(
                    account: try RegistryName(account), installation: try RegistryName(installation),
                    provisionalInstance: provisionalInstance)
                return RegistrationAnswer(
                    account: registration.account.text, installation: registration.installation.text,
                    instance: registration.instance, highestSeenID: registration.highestSeenID)
            }
        }

        static func signIn(issuer: DeviceFlakeIssuer, session: Session, syncServer: SyncServerClient) async throws {
            // When the user signs in, and whenever needsRegistration is true while signed in:
            if issuer.needsRegistration, let account = session.account {
                // PUT /v1/accounts/{account}/installations/{installation}
                //     {"provisionalInstance": N}  →  {"account", "installation", "instance"}
                let answer = try await syncServer.register(
                    account: account, installation: issuer.installation.text,
                    provisionalInstance: issuer.provisionalInstance)
                try await issuer.adopt(
                    InstanceRegistration(
                        account: try RegistryName(answer.account),
                        installation: try RegistryName(answer.installation),
                        instance: answer.instance, isNew: true, highestSeenID: answer.highestSeenID))
            }
        }

        struct Note: Codable, FetchableRecord, PersistableRecord {
            var id: FlakeID
            var origin: String
            var text: String

            init(text: String, issuer: DeviceFlakeIssuer) throws {
                id = try issuer.nextBlocking()
                origin = issuer.installation.text
                self.text = text
            }
        }

        static func atLaunch(dbQueue: DatabaseQueue, issuer: DeviceFlakeIssuer) throws {
            // At launch: the highest stored ID is a floor against an older state file restored here.
            if let highest = try dbQueue.read({ try FlakeID.fetchOne($0, sql: "SELECT MAX(id) FROM note") }) {
                try issuer.raiseMarkBlocking(above: highest)
            }
        }

        /// The sync server's answer to one uploaded note.
        enum UploadAnswer {
            case stored
            case idConflict
        }

        static func handle(_ answer: UploadAnswer, for note: Note, in db: Database, issuer: DeviceFlakeIssuer) throws {
            switch answer {
            case .stored: break
            case .idConflict:
                try db.execute(
                    sql: "UPDATE note SET id = ?, origin = ? WHERE id = ?",
                    arguments: [try issuer.nextBlocking(), issuer.installation.text, note.id])
            // and upload it again with its new ID
            }
        }
    }

    @Suite("Documentation: issuing on devices (GRDB)")
    struct DeviceGRDBExamples {
        typealias Samples = IssuingOnDevicesSamples

        @Test("Sign in, save a note, raise the mark at launch, re-key a note the server refused")
        func appPath() async throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let issuer = try await DeviceFlakeIssuer.open(
                directory: directory.path, processKind: "app", deviceKey: FixedDeviceKey("phone"))
            let registry = try GRDBInstanceRegistry(path: directory.path + "/registry.sqlite")
            try await Samples.signIn(
                issuer: issuer, session: Samples.Session(account: "alice"),
                syncServer: Samples.SyncServerClient(registry: registry))
            #expect(!issuer.needsRegistration)

            let dbQueue = try DatabaseQueue()
            try await dbQueue.write { db in
                try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, origin TEXT NOT NULL, text TEXT)")
            }
            let note = try await Task.detached { try Samples.Note(text: "Groceries", issuer: issuer) }.value
            try await dbQueue.write { db in try note.insert(db) }
            #expect(note.origin == issuer.installation.text)

            try await Task.detached { try Samples.atLaunch(dbQueue: dbQueue, issuer: issuer) }.value
            let rekeyed = try await Task.detached {
                try dbQueue.write { db in
                    try Samples.handle(.idConflict, for: note, in: db, issuer: issuer)
                    return try FlakeID.fetchOne(db, sql: "SELECT id FROM note")
                }
            }.value
            #expect(rekeyed.map { $0 > note.id } == true)
        }
    }
#endif
