#if CLI && Server
    import ArgumentParser
    import Foundation
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    #if Postgres
        /// `MINIFLAKE_TEST_POSTGRES_URL` from `scripts/with-postgres.sh`, or `nil`.
        private let registryPostgresURL = ProcessInfo.processInfo.environment["MINIFLAKE_TEST_POSTGRES_URL"]
        /// Whether this is a CI run, where a missing PostgreSQL server fails the tests.
        private let registryIsCI = ["true", "1", "yes"].contains(
            ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")

        @Test(
            "a PostgreSQL server is given on CI for the serve process with a PostgreSQL registry",
            .enabled(if: registryPostgresURL == nil && registryIsCI))
        func serveRegistryPostgresRequiredOnCI() {
            Issue.record(
                """
                CI=true but MINIFLAKE_TEST_POSTGRES_URL is not set: the serve process with a PostgreSQL \
                registry did not run. Run the tests under scripts/with-postgres.sh.
                """)
        }
    #endif

    /// `miniflake serve --registry`: the options, and a served SQLite registry over loopback.
    @Suite("miniflake serve --registry")
    struct ServeRegistryTests {
        /// The registry settings of `serve` with these arguments and variables, and nothing else.
        ///
        /// `horizonDays` is given as `--registry-reuse-horizon-days`.
        private func registry(
            _ arguments: [String], _ variables: [String: String] = [:], horizonDays: String? = nil
        ) throws -> RegistryOptions.Resolved? {
            let horizon = horizonDays.map { ["--registry-reuse-horizon-days", $0] } ?? []
            let serve = try Serve.parse(["--instance", "1"] + arguments + horizon)
            return try serve.settings(environment: { variables[$0] }).registry
        }

        @Test("No token, no registry; a token turns on the SQLite file in the working directory, 90 days")
        func defaults() throws {
            #expect(try registry([]) == nil)
            let resolved = try #require(try registry([], ["MINIFLAKE_REGISTRY_TOKEN": " secret\n"]))
            #expect(resolved.spec == .sqlite(path: "miniflake-registry.sqlite"))
            #expect(resolved.token == "secret")
            #expect(resolved.tokenSource == "MINIFLAKE_REGISTRY_TOKEN")
            #expect(resolved.reuseHorizonDays == 90)
            let other = try registry(
                [], ["MINIFLAKE_REGISTRY_TOKEN": "t", "MINIFLAKE_REGISTRY": "sqlite:/tmp/r.sqlite"], horizonDays: "7")
            #expect(other?.spec == .sqlite(path: "/tmp/r.sqlite"))
            #expect(other?.reuseHorizonDays == 7)
        }

        @Test("--registry-token-file wins over MINIFLAKE_REGISTRY_TOKEN; --registry over MINIFLAKE_REGISTRY")
        func tokenFileWins() throws {
            let directory = try TemporaryDirectory(prefix: "miniflake-registry-options")
            defer { directory.remove() }
            let file = directory.appending("token")
            try Data("from-file\n".utf8).write(to: file)
            let resolved = try registry(
                ["--registry-token-file", file.path, "--registry", "sqlite:a.sqlite"],
                ["MINIFLAKE_REGISTRY_TOKEN": "from-variable", "MINIFLAKE_REGISTRY": "sqlite:b.sqlite"])
            #expect(resolved?.token == "from-file")
            #expect(resolved?.spec == .sqlite(path: "a.sqlite"))
        }

        @Test("Bad registry options print one line and exit with status 2")
        func badOptions() async throws {
            let directory = try TemporaryDirectory(prefix: "miniflake-registry-options")
            defer { directory.remove() }
            let empty = directory.appending("empty")
            try Data(" \n".utf8).write(to: empty)
            let token = directory.appending("token")
            try Data("t".utf8).write(to: token)
            let missing = directory.appending("missing").path
            var cases: [([String], String)] = [
                (
                    ["--registry", "sqlite:r.sqlite"],
                    "--registry needs a token: give --registry-token-file FILE or set MINIFLAKE_REGISTRY_TOKEN"
                ),
                (
                    ["--registry-reuse-horizon-days", "3"],
                    "--registry-reuse-horizon-days needs a registry token: give --registry-token-file FILE or set MINIFLAKE_REGISTRY_TOKEN"
                ),
                (
                    ["--registry-token-file", empty.path],
                    "the registry token from --registry-token-file \(empty.path) is empty"
                ),
                (
                    ["--registry-token-file", token.path, "--registry", "mysql://u:p@h/db"],
                    "invalid registry 'mysql://…' for --registry: must be sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE"
                ),
                (
                    ["--registry-token-file", token.path, "--registry", "sqlite:"],
                    "invalid registry 'sqlite:' for --registry: must be sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE"
                ),
                (
                    ["--registry-token-file", token.path, "--registry-reuse-horizon-days", "36501"],
                    "the value '36501' is invalid for '--registry-reuse-horizon-days <days>': must be a number in 0...36500"
                ),
            ]
            #if !Postgres
                cases.append(
                    (
                        ["--registry-token-file", token.path, "--registry", "postgres://u:secret@db/ids"],
                        "postgres:// registries (--registry) need the Postgres trait: build with --traits CLI,Server,Postgres, or use sqlite:PATH"
                    ))
            #endif
            for (arguments, message) in cases {
                let run = await InProcessRun.run(["serve", "--instance", "1"] + arguments)
                #expect(run.status == 2, "\(arguments)")
                #expect(run.stdout.isEmpty)
                #expect(run.stderr == "miniflake: \(message)\n", "\(arguments)")
            }
            let unreadable = await InProcessRun.run(["serve", "--instance", "1", "--registry-token-file", missing])
            #expect(unreadable.status == 2)
            #expect(unreadable.stderr.hasPrefix("miniflake: cannot read --registry-token-file '\(missing)': "))
            #expect(unreadable.stderr.filter { $0 == "\n" }.count == 1)
        }

        @Test(
            "A served SQLite registry answers PUT over loopback, needs the token, and keeps the number across a restart"
        )
        func servedRegistry() throws {
            let directory = try TemporaryDirectory(prefix: "miniflake-serve-registry")
            defer { directory.remove() }
            try Self.checkServedRegistry(
                "sqlite:\(directory.appending("registry.sqlite").path)", directory: directory,
                account: "account-42", logs: "serving the SQLite registry")
        }

        #if Postgres
            @Test(
                "A served PostgreSQL registry keeps the number across a restart", .sharedResource(.postgresServer),
                .enabled(if: registryPostgresURL != nil, "needs MINIFLAKE_TEST_POSTGRES_URL (scripts/with-postgres.sh)")
            )
            func servedPostgresRegistry() throws {
                let directory = try TemporaryDirectory(prefix: "miniflake-serve-registry")
                defer { directory.remove() }
                try Self.checkServedRegistry(
                    try #require(registryPostgresURL), directory: directory, account: "account-\(UUID().uuidString)",
                    logs: "serving the PostgreSQL registry")
            }
        #endif

        /// Serves `registry` twice, one process after the other, and checks that a registration
        /// made through the first is answered by the second with the same number, and that the
        /// token is needed.
        static func checkServedRegistry(
            _ registry: String, directory: TemporaryDirectory, account: String, logs: String
        ) throws {
            let token = directory.appending("token")
            try Data("loopback-token\n".utf8).write(to: token)
            let arguments = ["--registry", registry, "--registry-token-file", token.path]
            let lease = "file:\(directory.appending("leases").path)"
            let authorized = ["Authorization": "Bearer loopback-token", "Content-Type": "application/json"]
            let path = "/v1/accounts/\(account)/installations/phone"

            let first = try ServeProcess(lease: lease, extraArguments: arguments)
            #expect(first.log.contains(logs), "\(first.log)")
            let created = try LoopbackHTTP.request(
                "PUT", port: first.port, path: path, headers: authorized, body: #"{"provisionalInstance": 700}"#)
            #expect(created.status == 201, "\(created.body)")
            #expect(created.body.contains(#""instance":700"#))
            let refused = try LoopbackHTTP.request("PUT", port: first.port, path: path)
            #expect(refused.status == 401)
            #expect(refused.body.contains(#""code":"unauthorized""#))
            #expect(first.terminate() == 0)

            let second = try ServeProcess(lease: lease, extraArguments: arguments)
            let again = try LoopbackHTTP.request("PUT", port: second.port, path: path, headers: authorized)
            #expect(again.status == 200, "\(again.body)")
            #expect(again.body.contains(#""instance":700"#))
            let list = try LoopbackHTTP.request(
                "GET", port: second.port, path: "/v1/accounts/\(account)/installations", headers: authorized)
            #expect(list.status == 200)
            #expect(list.body.contains(#""installation":"phone""#))
            #expect(second.terminate() == 0)
        }
    }
#endif
