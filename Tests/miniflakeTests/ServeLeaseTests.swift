#if CLI && Server
    import Foundation
    import MiniFlake
    import MiniFlakeTestSupport
    import Testing

    /// `MINIFLAKE_TEST_POSTGRES_URL` from `scripts/with-postgres.sh`, or `nil`.
    private let postgresURL = PostgresTestEnvironment.url
    /// Whether this is a CI run, where a missing PostgreSQL server fails the tests.
    private let isCI = PostgresTestEnvironment.isCI

    @Test(
        "a PostgreSQL server is given on CI for the leased serve processes",
        .enabled(if: postgresURL == nil && isCI))
    func servePostgresRequiredOnCI() {
        Issue.record(
            """
            CI=true but MINIFLAKE_TEST_POSTGRES_URL is not set: the serve processes leasing from \
            PostgreSQL did not run. Run the tests under scripts/with-postgres.sh.
            """)
    }

    /// Several `miniflake serve` processes leasing their instance numbers, loaded at once: the
    /// numbers differ, no ID repeats, and `miniflake lease list` shows who holds what.
    @Suite(.serialized) struct ServeLeaseTests {
        /// One row of `miniflake lease list`.
        struct Row: Equatable {
            let instanceNumber: Int
            let isHeld: Bool
            let highWaterTick: Int64?
            let holder: String
        }

        /// Runs `miniflake lease list` and parses its rows.
        static func leaseList(_ lease: String, all: Bool = false) throws -> [Row] {
            let result = try MiniFlakeBinary.run(["lease", "list", "--lease", lease] + (all ? ["--all"] : []))
            try #require(result.status == 0, "lease list failed: \(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("INSTANCE  STATE") == true)
            return lines.dropFirst().compactMap { line in
                let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
                guard fields.count == 5, let number = Int(fields[0]) else { return nil }
                return Row(
                    instanceNumber: number, isHeld: fields[1] == "held", highWaterTick: Int64(fields[3]),
                    holder: String(fields[4].trimmingPrefix(while: { $0 == " " })))
            }
        }

        /// Fetches `requests` batches of `count` IDs from each port, `threadsPerPort` threads
        /// per port, all at the same time; returns each port's IDs.
        static func load(ports: [Int], threadsPerPort: Int = 2, requests: Int = 5, count: Int = 1000) throws
            -> [[Int64]]
        {
            let results = LockedValue<[Int: Result<[Int64], any Error>]>([:])
            let done = DispatchGroup()
            let jobs = ports.count * threadsPerPort
            for job in 0..<jobs {
                let port = ports[job % ports.count]
                done.enter()
                Thread.detachNewThread {
                    let result = Result<[Int64], any Error> {
                        var ids: [Int64] = []
                        for _ in 0..<requests {
                            let response = try LoopbackHTTP.get(port: port, path: "/v1/ids?count=\(count)")
                            guard response.status == 200 else {
                                throw LoopbackHTTP.Failure(
                                    description: "GET /v1/ids answered \(response.status): \(response.body)")
                            }
                            ids += response.body.split(separator: "\n").compactMap { Int64($0) }
                        }
                        return ids
                    }
                    results.withLock { $0[job] = result }
                    done.leave()
                }
            }
            done.wait()
            var perPort = [[Int64]](repeating: [], count: ports.count)
            for job in 0..<jobs {
                let result = try #require(results.withLock { $0[job] })
                perPort[job % ports.count] += try result.get()
            }
            return perPort
        }

        /// The parts of a raw ID under the miniflake layout; `nil` for a negative one.
        static func parts(_ raw: Int64) -> FlakeParts? {
            FlakeID(rawValue: raw).map { FlakeLayout.miniFlake.parts(of: $0) }
        }

        /// Whether a holder column names the process.
        static func names(_ holder: String, _ process: ChildProcess) -> Bool {
            " \(holder) ".contains(" pid \(process.processIdentifier) ")
        }

        /// Checks one server's IDs: all of them made, all with its instance number.
        static func expectIDs(_ ids: [Int64], count: Int, instanceNumber: Int) {
            #expect(ids.count == count)
            #expect(ids.allSatisfy { parts($0)?.instanceNumber == instanceNumber })
        }

        /// Three processes share a lease directory: distinct numbers, no duplicate under load.
        /// One is killed with SIGKILL: its number turns free with its high-water mark at or
        /// above the last ID it handed out, and a newcomer's IDs still repeat none. SIGTERM
        /// releases the others' numbers and exits with 0.
        @Test func fileLeasedServersAndSIGKILL() throws {
            let directory = try TemporaryDirectory(prefix: "miniflake-serve-leases")
            defer { directory.remove() }
            let lease = "file:\(directory.path)"
            var servers = try (0..<3).map { _ in try ServeProcess(lease: lease) }
            let numbers = servers.map(\.instanceNumber)
            #expect(Set(numbers).count == 3)

            let held = try Self.leaseList(lease)
            #expect(held.map(\.instanceNumber) == numbers.sorted())
            for server in servers {
                let row = held.first { $0.instanceNumber == server.instanceNumber }
                #expect(row.map { Self.names($0.holder, server.process) } == true)
            }

            var issued = try Self.load(ports: servers.map(\.port))
            for (server, ids) in zip(servers, issued) {
                Self.expectIDs(ids, count: 10_000, instanceNumber: server.instanceNumber)
            }
            #expect(Set(issued.joined()).count == 30_000)

            // A crash: the OS drops the lock, and the mark on disk covers every ID handed out.
            let killed = servers.removeFirst()
            killed.kill()
            let ticks = issued[0].compactMap { Self.parts($0)?.tick }
            let lastTick = try #require(ticks.max())
            let rows = try Self.leaseList(lease, all: true)
            let freed = try #require(rows.first { $0.instanceNumber == killed.instanceNumber })
            #expect(!freed.isHeld)
            #expect(try #require(freed.highWaterTick) >= lastTick)

            servers.append(try ServeProcess(lease: lease))
            #expect(Set(servers.map(\.instanceNumber)).count == 3)
            issued = try Self.load(ports: servers.map(\.port)) + issued
            #expect(Set(issued.joined()).count == 60_000)

            for server in servers {
                #expect(server.terminate() == 0, "\(server.log)")
                #expect(server.log.contains("released instance \(server.instanceNumber)"))
            }
            #expect(try Self.leaseList(lease).isEmpty)
        }

        /// Three processes against one PostgreSQL: distinct numbers, listed with their holders,
        /// no duplicate ID when loaded at once, and released on SIGTERM.
        @Test(
            .sharedResource(.postgresServer),
            .enabled(if: postgresURL != nil, "needs MINIFLAKE_TEST_POSTGRES_URL (scripts/with-postgres.sh)"))
        func postgresLeasedServers() throws {
            let lease = try #require(postgresURL)
            let migrated = try MiniFlakeBinary.run(["lease", "migrate", "--lease", lease])
            #expect(migrated.status == 0, "\(migrated.stderr)")
            #expect(migrated.stdout.hasPrefix("the miniflake_leases table is ready in "))

            let servers = try (0..<3).map { _ in try ServeProcess(lease: lease) }
            let numbers = servers.map(\.instanceNumber)
            #expect(Set(numbers).count == 3)
            let held = try Self.leaseList(lease)
            for server in servers {
                let row = held.first { $0.instanceNumber == server.instanceNumber }
                #expect(row?.isHeld == true)
                #expect(row.map { Self.names($0.holder, server.process) } == true)
            }

            let issued = try Self.load(ports: servers.map(\.port))
            for (server, ids) in zip(servers, issued) {
                Self.expectIDs(ids, count: 10_000, instanceNumber: server.instanceNumber)
            }
            #expect(Set(issued.joined()).count == 30_000)

            for server in servers {
                #expect(server.terminate() == 0, "\(server.log)")
                #expect(server.log.contains("released instance \(server.instanceNumber)"))
            }
            let after = try Self.leaseList(lease, all: true)
            for number in numbers {
                let row = after.first { $0.instanceNumber == number }
                #expect(row?.isHeld == false)
                #expect(row?.highWaterTick != nil)
            }
        }
    }
#endif
