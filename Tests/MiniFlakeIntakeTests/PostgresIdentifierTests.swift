#if Postgres
    import MiniFlakePostgres
    import PostgresNIO
    import Testing

    @Suite("PostgreSQL intake table and column names")
    struct PostgresIdentifierTests {
        static let client = PostgresClient(
            configuration: .init(host: "127.0.0.1", username: "nobody", password: nil, database: nil, tls: .disable))

        @Test(
            "names that are not plain identifiers are refused with invalid_identifier",
            arguments: [
                "", "notes; DROP TABLE notes", "1notes", "a.b.c", "no\"tes", "notes ", ".notes", "notes.",
                "nötes", "no-tes", String(repeating: "n", count: 64), "notes\u{0}",
            ])
        func refused(name: String) {
            for (table, column) in [(name, "account_id"), ("notes", name)] {
                #expect(throws: PostgresIntakeError.self) {
                    try PostgresClientIDIntake(client: Self.client, table: table, accountColumn: column)
                }
            }
            do {
                _ = try PostgresClientIDIntake(client: Self.client, table: "notes", installationColumn: name)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.code == .invalidIdentifier)
                #expect(error.code.rawValue == "invalid_identifier")
                #expect(error.message.hasPrefix("the installation column name "))
            }
        }

        @Test(
            "plain identifiers and schema-qualified tables are accepted",
            arguments: ["notes", "Notes_2", "_x", "public.notes", String(repeating: "n", count: 63)])
        func accepted(name: String) throws {
            let intake = try PostgresClientIDIntake(client: Self.client, table: name)
            #expect(intake.table == name)
            _ = try PostgresClientIDIntake(
                client: Self.client, table: "notes", clientIDColumn: name.replacing(".", with: "_"))
        }
    }
#endif
