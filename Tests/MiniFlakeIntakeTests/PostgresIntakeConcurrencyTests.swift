#if Postgres
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeRegistry
    import PostgresNIO
    import Testing

    @Suite(
        "PostgreSQL intake under concurrent and random uploads",
        .enabled(if: IntakeTestDatabase.url != nil, IntakeTestDatabase.missing))
    struct PostgresIntakeConcurrencyTests {
        @Test("32 IDs each uploaded at once from two origins: one inserted and one id_conflict each")
        func twoOriginsAtOnce() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: IntakeScenario.validator, requestTimeout: .seconds(30))
                let ids = try (0..<32).map {
                    try FlakeLayout.miniFlake.compose(
                        millisecondsSince1970: IntakeScenario.now - 1_000, sequence: $0, instanceNumber: 5)
                }
                let outcomes = try await withThrowingTaskGroup(of: (String, IntakeOutcome).self) { group in
                    for id in ids {
                        for origin in ["phone", "tablet"] {
                            group.addTask {
                                let outcome = try await intake.receive(
                                    rawID: id.rawValue, account: "alice", installation: RegistryName(origin),
                                    insert: PostgresClientIDIntakeTests.insert(
                                        table, account: "alice", installation: origin, title: "\(origin) \(id)"))
                                return (origin, outcome)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let rows = try await IntakeTestDatabase.rows(table, client)
                #expect(rows.count == ids.count)
                for id in ids {
                    let forID = outcomes.filter { $0.1.id == id }
                    let inserted = forID.filter { if case .inserted = $0.1 { true } else { false } }
                    let conflicts = forID.filter { if case .conflict = $0.1 { true } else { false } }
                    #expect(inserted.count == 1 && conflicts.count == 1, "\(id): \(forID)")
                    guard let winner = inserted.first?.0, let loser = conflicts.first else { continue }
                    #expect(loser.1 == .conflict(id, storedInstallation: winner))
                    #expect(rows.first { $0.rawID == id.rawValue }?.installation == winner)
                }
            }
        }

        @Test("many random uploads: no note lost or stored twice, every collision answered id_conflict")
        func randomUploads() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: IntakeScenario.validator)
                let report = try await IntakeScenario(uploads: 300).run { record in
                    try await intake.receive(
                        rawID: record.rawID, account: record.account, installation: RegistryName(record.installation),
                        insert: PostgresClientIDIntakeTests.insert(
                            table, account: record.account, installation: record.installation, title: record.title))
                }
                let rows = try await IntakeTestDatabase.rows(table, client)
                #expect(rows.count == report.records.count)
                #expect(Set(rows.map(\.title)).count == rows.count)
                for row in rows {
                    let record = try #require(report.records[row.title])
                    #expect(row.rawID == record.rawID)
                    #expect(row.account == record.account)
                    #expect(row.installation == record.installation)
                }
                #expect(report.conflicts > 20, "\(report)")
                print("PostgreSQL intake, random uploads: \(report)")
            }
        }
    }
#endif
