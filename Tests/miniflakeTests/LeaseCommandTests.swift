#if CLI
    import ArgumentParser
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    /// `--lease`, `miniflake lease list` and `miniflake lease migrate`, in-process.
    @Suite struct LeaseCommandTests {
        @Test(
            "the three forms of --lease",
            arguments: [
                ("file", LeaseSpec.file(directory: nil)),
                ("FILE", .file(directory: nil)),
                ("file:/var/lib/ids", .file(directory: "/var/lib/ids")),
            ] + Self.postgresForms)
        func parses(text: String, expected: LeaseSpec) throws {
            #expect(try LeaseSpec(text, source: "--lease") == expected)
        }

        #if Postgres
            /// The PostgreSQL forms of `--lease`, which a build with the Postgres trait reads.
            static let postgresForms: [(String, LeaseSpec)] = [
                ("postgres://u:p@db:5432/ids", .postgres(url: "postgres://u:p@db:5432/ids")),
                ("postgresql://db/ids", .postgres(url: "postgresql://db/ids")),
            ]
        #else
            /// None: without the Postgres trait a `postgres://` lease is a usage error.
            static let postgresForms: [(String, LeaseSpec)] = []

            @Test("without the Postgres trait, a postgres:// lease is a usage error naming the trait")
            func postgresNeedsTrait() async {
                for arguments in [
                    ["lease", "list", "--lease", "postgres://u:hunter2@db/ids"],
                    ["lease", "migrate", "--lease", "postgresql://db/ids"],
                ] {
                    let run = await InProcessRun.run(arguments)
                    #expect(run.status == 2)
                    #expect(run.stderr.contains("Postgres trait"))
                    #expect(!run.stderr.contains("hunter2"))
                    #expect(run.stderr.split(separator: "\n").count == 1)
                }
            }
        #endif

        #if !Server
            @Test("without the Server trait, serve is a usage error naming the trait")
            func serveNeedsTrait() async {
                let run = await InProcessRun.run(["serve", "--instance", "3"])
                #expect(run.status == 2)
                #expect(run.stderr.contains("Server trait"))
            }
        #endif

        @Test("anything else is a usage error that never shows what follows the scheme")
        func rejects() async {
            for text in ["file:", "mysql://root:hunter2@db/ids", "consul", ""] {
                let run = await InProcessRun.run(["lease", "list", "--lease", text])
                #expect(run.status == 2)
                #expect(run.stderr.hasPrefix("miniflake: invalid lease '"))
                #expect(!run.stderr.contains("hunter2"))
            }
        }

        #if Postgres
            @Test("a PostgreSQL lease is described without its password")
            func descriptionHidesPassword() throws {
                let spec = try LeaseSpec("postgres://miniflake:hunter2@db.internal:5432/ids", source: "--lease")
                #expect(!spec.description.contains("hunter2"))
                #expect(spec.description.contains("db.internal"))
            }
        #endif

        @Test("lease list shows the numbers held in a directory, and --all the free ones with their marks")
        func listFileLeases() async throws {
            let directory = try TemporaryDirectory(prefix: "miniflake-lease-command")
            defer { directory.remove() }
            let backend = try FileInstanceLeaseBackend(directory: directory.path)
            let first = try await backend.claim()
            let second = try await backend.claim()
            try await backend.release(second, highWaterTick: 4242)

            let run = await InProcessRun.run(["lease", "list", "--lease", "file:\(directory.path)"])
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first == "INSTANCE  STATE  EXPIRES  HIGH-WATER  HOLDER")
            let heldFields = lines.last?.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            #expect(heldFields?.prefix(3) == ["\(first.instanceNumber)", "held", "-"])
            // The last field keeps the padding in front of it.
            #expect(
                heldFields?.last?.trimmingPrefix(while: { $0 == " " }).hasPrefix(LeaseHolder.current + " #") == true)

            let all = await InProcessRun.run(["lease", "list", "--all", "--lease", "file:\(directory.path)"])
            #expect(all.status == 0)
            let rows = all.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
            #expect(rows.contains(["\(second.instanceNumber)", "free", "-", "4242", "-"]))
            #expect(rows.count == 2)
            try await backend.release(first, highWaterTick: nil)
        }

        @Test("lease list reads MINIFLAKE_LEASE when --lease is not given")
        func leaseFromEnvironment() throws {
            let options = try LeaseOptions.parse([])
            let variables = ["MINIFLAKE_LEASE": "file:/srv/leases"]
            #expect(try options.resolved { variables[$0] } == .file(directory: "/srv/leases"))
            #expect(try options.resolved { _ in nil } == .file(directory: nil))
            let given = try LeaseOptions.parse(["--lease", "file"])
            #expect(try given.resolved { variables[$0] } == .file(directory: nil))
        }

        @Test("lease migrate needs a PostgreSQL lease")
        func migrateNeedsPostgres() async {
            let run = await InProcessRun.run(["lease", "migrate", "--lease", "file"])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("miniflake: lease migrate needs --lease postgres://"))
        }

        #if Postgres
            @Test("lease list fails with status 1 and one line when the database does not answer")
            func unreachableDatabase() async {
                // Port 1 on the loopback address refuses connections at once.
                let run = await InProcessRun.run(["lease", "list", "--lease", "postgres://nobody@127.0.0.1:1/none"])
                #expect(run.status == 1)
                #expect(run.stdout.isEmpty)
                #expect(run.stderr.hasPrefix("miniflake: "))
                #expect(run.stderr.split(separator: "\n").count == 1)
            }
        #endif

        #if Server
            @Test("serve: --instance and --lease, or their two variables, cannot be combined")
            func serveInstanceOrLease() throws {
                let serve = try Serve.parse(["--instance", "3"])
                #expect(try serve.settings { $0 == "MINIFLAKE_LEASE" ? "file" : nil }.instance == 3)
                #expect(throws: (any Error).self) {
                    try Serve.parse(["--instance", "3", "--lease", "file"]).settings { _ in nil }
                }
                let bare = try Serve.parse([])
                #expect(throws: (any Error).self) {
                    try bare.settings { ["MINIFLAKE_LEASE": "file", "MINIFLAKE_INSTANCE": "3"][$0] }
                }
                let leased = try bare.settings { ["MINIFLAKE_LEASE": "file:/srv/leases"][$0] }
                #expect(leased.instance == nil)
                #expect(leased.lease == .file(directory: "/srv/leases"))
                #expect(try bare.settings { _ in nil }.lease == .file(directory: nil))
            }
        #endif
    }
#endif
