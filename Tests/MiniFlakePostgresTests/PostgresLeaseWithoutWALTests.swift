#if Postgres
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import PostgresNIO
    import Testing

    /// A database that will not tell its WAL position, as managed services refuse
    /// `pg_walfile_name(pg_current_wal_lsn())` (issue 49): a role that may not call it, on the
    /// test server.
    @Suite(
        "PostgreSQL lease without the WAL position", .serialized, .sharedResource(.postgresServer),
        .enabled(if: TestDatabase.url != nil, TestDatabase.missing))
    struct PostgresLeaseWithoutWALTests {
        @Test(
            "Synchronously replicated, claims and releases never read the WAL; otherwise a claim throws invalid_configuration naming the option"
        )
        func synchronouslyReplicatedReadsNoWAL() async throws {
            let url = try #require(TestDatabase.url)
            let role = "mf_nowal_\(UUID().uuidString.prefix(8).lowercased())"
            // The test server trusts local connections; the superuser may revoke a function.
            let roleURL = url.replacingOccurrences(of: "://miniflake@", with: "://\(role)@")
            let adminURL = url.replacingOccurrences(of: "://miniflake@", with: "://postgres@")
            try #require(roleURL != url, "the test server's URL names another user: \(url)")
            let layout = try TestDatabase.freshLayout()
            let admin = PostgresClient(configuration: try PostgresLeaseURL(adminURL).clientConfiguration)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await admin.run() }
                defer { group.cancelAll() }
                for statement in [
                    "CREATE ROLE \(role) LOGIN", "CREATE SCHEMA AUTHORIZATION \(role)",
                    "REVOKE EXECUTE ON FUNCTION pg_walfile_name(pg_lsn) FROM PUBLIC",
                ] {
                    try await admin.query(PostgresQuery(unsafeSQL: statement))
                }
                let outcome: Result<(InstanceLease, InstanceLease, LeaseBackendError?), any Error>
                do {
                    outcome = .success(try await Self.claimAsRole(url: roleURL, layout: layout))
                } catch {
                    outcome = .failure(error)
                }
                for statement in [
                    "GRANT EXECUTE ON FUNCTION pg_walfile_name(pg_lsn) TO PUBLIC", "DROP SCHEMA \(role) CASCADE",
                    "DROP ROLE \(role)",
                ] {
                    try await admin.query(PostgresQuery(unsafeSQL: statement))
                }
                let (first, second, refusal) = try outcome.get()
                #expect(!first.isTakeover && !second.isTakeover)
                #expect(second.instanceNumber == first.instanceNumber, "the released number is taken again")
                #expect(refusal?.code == .invalidConfiguration)
                #expect(refusal?.message.contains("synchronouslyReplicated") == true, "\(String(describing: refusal))")
                #expect(refusal?.message.contains("pg_walfile_name") == true)
            }
        }

        /// As the role: claims, releases and claims again through a synchronously replicated
        /// backend, then claims through one that is not; answers both leases and that claim's error.
        static func claimAsRole(url: String, layout: FlakeLayout) async throws -> (
            InstanceLease, InstanceLease, LeaseBackendError?
        ) {
            let (first, second) = try await PostgresInstanceLeaseBackend.withBackend(
                url: url, layout: layout, instanceNumbers: 0...0, synchronouslyReplicated: true
            ) { backend in
                let first = try await backend.claim()
                try await backend.release(first, highWaterTick: 5)
                let second = try await backend.claim()
                try await backend.release(second, highWaterTick: 6)
                return (first, second)
            }
            let refusal = try await PostgresInstanceLeaseBackend.withBackend(
                url: url, layout: layout, instanceNumbers: 0...0
            ) { backend -> LeaseBackendError? in
                do throws(LeaseBackendError) {
                    _ = try await backend.claim()
                    return nil
                } catch {
                    return error
                }
            }
            return (first, second, refusal)
        }
    }
#endif
