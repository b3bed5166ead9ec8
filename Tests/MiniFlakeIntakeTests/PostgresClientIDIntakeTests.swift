#if Postgres
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeRegistry
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    @Test(
        "a PostgreSQL server is given on CI for the intake tests (MINIFLAKE_TEST_POSTGRES_URL)",
        .enabled(if: IntakeTestDatabase.url == nil && IntakeTestDatabase.isCI))
    func postgresIntakeRequiredOnCI() {
        Issue.record(
            """
            CI=true but MINIFLAKE_TEST_POSTGRES_URL is not set: the PostgreSQL intake tests did not run. \
            Run the tests under scripts/with-postgres.sh, e.g. scripts/with-postgres.sh swift test --enable-all-traits
            """)
    }

    /// The PostgreSQL intake against a real server.
    @Suite(
        "A sync server taking in IDs made offline, in PostgreSQL", .sharedResource(.postgresServer),
        .enabled(if: IntakeTestDatabase.url != nil, IntakeTestDatabase.missing))
    struct PostgresClientIDIntakeTests {
        typealias Row = IntakeTestDatabase.Row

        /// How many times an insert ran.
        final class Calls: Sendable {
            let count = AtomicWord(0)
        }
        static let validator = IntakeScenario.validator
        static let now = IntakeScenario.now

        static func id(instance: Int = 1, msAgo: Int64 = 1_000, sequence: Int = 0) throws -> FlakeID {
            try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: now - msAgo, sequence: sequence, instanceNumber: instance)
        }

        /// An insert of a note with a title, counting its calls.
        static func insert(
            _ table: String, account: String, installation: String, title: String, calls: Calls? = nil
        ) -> PostgresClientIDIntake.Insert {
            { id, connection in
                calls?.count.add(1, ordering: .relaxed)
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL:
                            "INSERT INTO \(table) (account_id, client_id, installation, title) VALUES ($1, $2, $3, $4)",
                        binds: try Self.binds(account, id, installation, title)), logger: IntakeTestDatabase.logger)
            }
        }

        static func binds(_ account: String, _ id: FlakeID, _ installation: String, _ title: String) throws
            -> PostgresBindings
        {
            var binds = PostgresBindings()
            binds.append(account)
            binds.append(id)
            binds.append(installation)
            binds.append(title)
            return binds
        }

        @Test("inserted once; the same origin again is already present, and nothing is written")
        func sameOrigin() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: Self.validator, requestTimeout: Self.requestTimeout)
                let id = try Self.id()
                let phone = try RegistryName("phone")
                let calls = Calls()
                let first = try await intake.receive(
                    rawID: id.rawValue, account: "alice", installation: phone,
                    insert: Self.insert(
                        table, account: "alice", installation: "phone", title: "groceries", calls: calls))
                #expect(first == .inserted(id))
                let again = try await intake.receive(
                    rawID: id.rawValue, account: "alice", installation: phone,
                    insert: Self.insert(table, account: "alice", installation: "phone", title: "retry", calls: calls))
                #expect(again == .alreadyPresent(id))
                #expect(calls.count.load(ordering: .relaxed) == 1)
                #expect(
                    try await IntakeTestDatabase.rows(table, client) == [
                        Row(account: "alice", rawID: id.rawValue, installation: "phone", title: "groceries")
                    ])
            }
        }

        @Test(
            "the same ID from another origin is id_conflict and the stored note is untouched; another account is separate"
        )
        func otherOrigin() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: Self.validator, requestTimeout: Self.requestTimeout)
                let id = try Self.id()
                let phone = try RegistryName("phone")
                let tablet = try RegistryName("tablet")
                #expect(
                    try await intake.receive(
                        rawID: id.rawValue, account: "alice", installation: phone,
                        insert: Self.insert(table, account: "alice", installation: "phone", title: "phone's"))
                        == .inserted(id))
                let calls = Calls()
                let outcome = try await intake.receive(
                    rawID: id.rawValue, account: "alice", installation: tablet,
                    insert: Self.insert(
                        table, account: "alice", installation: "tablet", title: "tablet's", calls: calls))
                #expect(outcome == .conflict(id, storedInstallation: "phone"))
                #expect(outcome.code == "id_conflict")
                #expect(calls.count.load(ordering: .relaxed) == 0)
                #expect(
                    try await intake.receive(
                        rawID: id.rawValue, account: "bob", installation: tablet,
                        insert: Self.insert(table, account: "bob", installation: "tablet", title: "bob's"))
                        == .inserted(id))
                #expect(
                    try await IntakeTestDatabase.rows(table, client) == [
                        Row(account: "alice", rawID: id.rawValue, installation: "phone", title: "phone's"),
                        Row(account: "bob", rawID: id.rawValue, installation: "tablet", title: "bob's"),
                    ])
            }
        }

        @Test("garbage, far-future and unregistered IDs are refused and never inserted")
        func rejected() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: Self.validator, requestTimeout: Self.requestTimeout)
                let phone = try RegistryName("phone")
                let calls = Calls()
                let insert = Self.insert(table, account: "alice", installation: "phone", title: "x", calls: calls)
                let future = try Self.id(msAgo: -3_600_000)
                let unregistered = try Self.id(instance: 9)
                #expect(
                    try await intake.receive(rawID: -5, account: "alice", installation: phone, insert: insert).code
                        == "negative")
                #expect(
                    try await intake.receive(
                        rawID: future.rawValue, account: "alice", installation: phone, insert: insert
                    )
                    .code == "in_future")
                let outcome = try await intake.receive(
                    rawID: unregistered.rawValue, account: "alice", installation: phone, registeredInstances: [1, 2],
                    insert: insert)
                #expect(outcome == .rejected(rawValue: unregistered.rawValue, .instanceNotRegistered(9)))
                #expect(outcome.code == "instance_not_registered")
                #expect(calls.count.load(ordering: .relaxed) == 0)
                #expect(try await IntakeTestDatabase.rows(table, client).isEmpty)
                #expect(
                    try await intake.receive(
                        rawID: unregistered.rawValue, account: "alice", installation: phone, registeredInstances: [9],
                        insert: insert) == .inserted(unregistered))
                // Its number retired since: the stored record is still recognised, never refused.
                #expect(
                    try await intake.receive(
                        rawID: unregistered.rawValue, account: "alice", installation: phone, registeredInstances: [],
                        insert: insert) == .alreadyPresent(unregistered))
            }
        }

        @Test("an insert of the wrong origin, of no row, or that throws is rolled back with a typed error")
        func badInserts() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: Self.validator, requestTimeout: Self.requestTimeout)
                let id = try Self.id()
                let phone = try RegistryName("phone")
                do throws(PostgresIntakeError) {
                    _ = try await intake.receive(
                        rawID: id.rawValue, account: "alice", installation: phone,
                        insert: Self.insert(table, account: "alice", installation: "tablet", title: "x"))
                    Issue.record("a wrong installation was accepted")
                } catch {
                    #expect(error.code == .recordMismatch)
                    #expect(error.message == "the insert stored installation tablet, not phone as received")
                }
                do throws(PostgresIntakeError) {
                    _ = try await intake.receive(
                        rawID: id.rawValue, account: "alice", installation: phone,
                        insert: Self.insert(table, account: "mallory", installation: "phone", title: "x"))
                    Issue.record("an insert for another account was accepted")
                } catch {
                    #expect(error.code == .recordMismatch)
                    #expect(error.message == "the insert stored no row for account alice and client ID \(id.rawValue)")
                }
                do throws(PostgresIntakeError) {
                    _ = try await intake.receive(rawID: id.rawValue, account: "alice", installation: phone) {
                        _, connection in
                        try await connection.query(
                            "SELECT no_such_column FROM \(unescaped: table)", logger: IntakeTestDatabase.logger)
                    }
                    Issue.record("a failing insert was accepted")
                } catch {
                    #expect(error.code == .insertFailed)
                    #expect(error.message.contains("no_such_column"), "\(error.message)")
                }
                #expect(try await IntakeTestDatabase.rows(table, client).isEmpty)
            }
        }

        /// Longer than the default 5 s: on a loaded 2-core machine the server can take that long,
        /// and these tests are not about the timeout.
        static let requestTimeout: Duration = .seconds(60)

        @Test("a stored row without an origin is answered id_conflict, never already present")
        func rowWithoutOrigin() async throws {
            try await IntakeTestDatabase.withNotesTable { client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: table, validator: Self.validator, requestTimeout: Self.requestTimeout)
                let id = try Self.id()
                try await client.query(
                    "INSERT INTO \(unescaped: table) (account_id, client_id, title) VALUES ('alice', \(id), 'old')",
                    logger: IntakeTestDatabase.logger)
                #expect(
                    try await intake.receive(
                        rawID: id.rawValue, account: "alice", installation: RegistryName("phone"),
                        insert: Self.insert(table, account: "alice", installation: "phone", title: "x"))
                        == .conflict(id, storedInstallation: ""))
            }
        }

        @Test("column names that are reserved words are quoted")
        func reservedWords() async throws {
            try await IntakeTestDatabase.withNotesTable(accountColumn: "user", installationColumn: "order") {
                client, table in
                let intake = try PostgresClientIDIntake(
                    client: client, table: "public.\(table)", accountColumn: "user", installationColumn: "order",
                    validator: Self.validator, requestTimeout: Self.requestTimeout)
                let id = try Self.id()
                let outcome = try await intake.receive(
                    rawID: id.rawValue, account: "alice", installation: RegistryName("phone")
                ) { id, connection in
                    try await connection.query(
                        """
                        INSERT INTO \(unescaped: table) ("user", client_id, "order", title)
                        VALUES ('alice', \(id), 'phone', 'x')
                        """, logger: IntakeTestDatabase.logger)
                }
                #expect(outcome == .inserted(id))
                #expect(
                    try await IntakeTestDatabase.rows(table, client, accountColumn: "user", installationColumn: "order")
                        .count == 1)
            }
        }
    }
#endif
