#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakePostgres
    import MiniFlakeRegistry
    import PostgresNIO
    import Testing

    /// The instance registry and the intake across a failover to an asynchronous replica that
    /// lost a confirmed registration.
    @Suite("PostgreSQL registry failover", .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresRegistryFailoverTests {
        @Test(
            "a registration the failover lost hands its number to another installation; the intake refuses the ID both made as a conflict"
        )
        func lostRegistration() async throws {
            try await ReplicaPair.with { pair in
                let account = try RegistryName("account-1")
                let (first, second) = (try RegistryName("first"), try RegistryName("second"))
                let table = "notes"
                let lost = try await ReplicaPair.withClient(pair.primaryURL) { primary in
                    // A minute per request: the pair's first DDL can outlast the default 10 s on a
                    // loaded 2-core CI machine; what is timed here is the failover, not the DDL.
                    let registry = PostgresInstanceRegistry(client: primary, requestTimeout: .seconds(60))
                    try await registry.prepare()
                    try await primary.query(
                        """
                        CREATE TABLE notes (account_id TEXT NOT NULL, client_id BIGINT NOT NULL,
                            installation TEXT, PRIMARY KEY (account_id, client_id))
                        """)
                    try await pair.caughtUp()
                    try await pair.detach()
                    // Confirmed to the device, never received by the replica.
                    let registration = try await registry.register(
                        account: account, installation: first, provisionalInstance: nil)
                    try await pair.stopPrimary()
                    try await pair.promote()
                    return registration.instance
                }
                try await ReplicaPair.withClient(pair.replicaURL) { replica in
                    let registry = PostgresInstanceRegistry(client: replica, requestTimeout: .seconds(60))
                    #expect(try await registry.installations(of: account).isEmpty)
                    let other = try await registry.register(
                        account: account, installation: second, provisionalInstance: nil)
                    // Nothing is left to tell the registry that the number was handed out.
                    #expect(other.instance == lost)

                    // Both installations make the same ID with the shared number and upload it.
                    let layout = FlakeLayout.miniFlake
                    let id = try layout.compose(
                        tick: layout.tick(millisecondsSince1970: FlakeClock.system.millisecondsSince1970()),
                        sequence: 0,
                        instanceNumber: lost)
                    let intake = try PostgresClientIDIntake(client: replica, table: table)
                    let live = try await registry.liveInstances(of: account)
                    let insert: PostgresClientIDIntake.Insert = { id, connection in
                        _ = try await connection.query(
                            "INSERT INTO notes VALUES (\(account.text), \(id), \(second.text))",
                            logger: .init(label: "test"))
                    }
                    let stored = try await intake.receive(
                        rawID: id.rawValue, account: account.text, installation: second, registeredInstances: live,
                        insert: insert)
                    #expect(stored == .inserted(id))
                    let refused = try await intake.receive(
                        rawID: id.rawValue, account: account.text, installation: first, registeredInstances: live,
                        insert: { _, _ in Issue.record("the intake inserted a record the account holds") })
                    #expect(refused == .conflict(id, storedInstallation: second.text))
                    print(
                        "registry failover: the lost registration's number \(lost) went to another installation; the shared ID was answered \(refused)"
                    )
                }
            }
        }
    }
#endif
