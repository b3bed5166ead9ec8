#if Postgres
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeRegistry
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    @Suite(
        "PostgreSQL intake under concurrent and random uploads", .sharedResource(.postgresServer),
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

        @Test("a row another writer inserts while the upload's insert waits: the upload is decided again, id_conflict")
        func otherWriter() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: IntakeScenario.validator, requestTimeout: .seconds(30))
                let id = try PostgresClientIDIntakeTests.id()
                let logger = IntakeTestDatabase.logger
                try await client.withConnection { other in
                    // Another writer, which takes no advisory lock, inserts the row and holds it uncommitted.
                    try await other.query("BEGIN", logger: logger)
                    try await other.query(
                        "INSERT INTO \(unescaped: table) (account_id, client_id, installation, title) VALUES ('alice', \(id), 'laptop', 'other writer')",
                        logger: logger)
                    let upload = Task {
                        try await intake.receive(
                            rawID: id.rawValue, account: "alice", installation: RegistryName("phone"),
                            insert: PostgresClientIDIntakeTests.insert(
                                table, account: "alice", installation: "phone", title: "phone's"))
                    }
                    // Wait until the upload's INSERT waits for the other writer's row lock.
                    var waiting = 0
                    for _ in 0..<1_000 where waiting == 0 {
                        let rows = try await client.query(
                            """
                            SELECT count(*) FROM pg_stat_activity
                            WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO \(unescaped: table)%'
                            """, logger: logger)
                        for try await count in rows.decode(Int.self) { waiting = count }
                        if waiting == 0 { try await Task.sleep(for: .milliseconds(10)) }
                    }
                    #expect(waiting == 1)
                    try await other.query("COMMIT", logger: logger)
                    #expect(try await upload.value == .conflict(id, storedInstallation: "laptop"))
                }
                #expect(
                    try await IntakeTestDatabase.rows(table, client).map(\.title) == ["other writer"])
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
