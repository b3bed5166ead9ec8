#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeRegistry
    import Testing

    /// The fix-its of `Sources/MiniFlakeGRDB/Fixits.swift` point at names that exist: each 1.0
    /// name a `renamed:` gives is spelled here with those labels (`MiniFlakeTests` checks that
    /// none is left out).
    @Suite("Fix-its for MiniFlakeGRDB 0.2.0 names")
    struct FixitTargetTests {
        /// A record of one column, for the intake's call.
        struct Note: MutablePersistableRecord {
            static let databaseTableName = "note"
            var clientID: FlakeID

            func encode(to container: inout PersistenceContainer) {
                container["clientID"] = clientID
            }
        }

        @Test("MiniFlakeGRDB's renamed: targets exist with their labels")
        func grdbTargets() throws {
            // renamed: "GRDBClientIDIntake"
            let intake = GRDBClientIDIntake()
            // renamed: "IntakeOutcome"
            let outcomeType: IntakeOutcome.Type = IntakeOutcome.self
            #expect("\(outcomeType)" == "IntakeOutcome")
            // renamed: "receive(rawID:account:installation:in:makeRecord:)" (not called: it needs a table)
            let receive: (Database) throws -> IntakeOutcome = { db in
                try intake.receive(
                    rawID: 1, account: "account", installation: try RegistryName("installation"), in: db
                ) { id in Note(clientID: id) }
            }
            _ = receive
        }
    }
#endif
