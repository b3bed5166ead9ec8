#if Vapor
    import Fluent
    import FluentSQLiteDriver
    import Foundation
    import MiniFlake
    import MiniFlakeLease
    import MiniFlakePostgres
    import MiniFlakeTestSupport
    import MiniFlakeVapor
    import Testing
    import Vapor

    /// The issuer follows the application's lifecycle: claimed on boot, released on shutdown.
    @Suite("Issuer lifecycle", .serialized)
    struct LifecycleTests {
        /// A fresh lease directory, removed afterwards.
        func withDirectory(_ body: (String) async throws -> Void) async throws {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("miniflake-vapor-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try await body(directory)
        }

        /// The numbers a process holds in `directory` now.
        func held(in directory: String) async throws -> [Int] {
            try await FileInstanceLeaseBackend(directory: directory).list().filter(\.isHeld).map(\.instanceNumber)
        }

        @Test("a file lease is claimed when the app boots and released when it shuts down")
        func fileLeaseFollowsTheApp() async throws {
            try await withDirectory { directory in
                let app = try await Application.make(.testing)
                do {
                    app.flake.use(.fileLease(directory: directory, instanceNumbers: 3...3))
                    #expect(try await held(in: directory) == [])
                    #expect(app.flake.runningIssuer == nil)

                    try await app.asyncBoot()
                    #expect(try await held(in: directory) == [3])
                    #expect(app.flake.runningIssuer?.currentInstanceNumber == 3)
                    let id = try await app.flake.next()
                    #expect(FlakeLayout.miniFlake.parts(of: id).instanceNumber == 3)
                } catch {
                    try? await app.asyncShutdown()
                    throw error
                }
                try await app.asyncShutdown()

                let records = try await FileInstanceLeaseBackend(directory: directory).list()
                #expect(records.map(\.instanceNumber) == [3])
                #expect(records.first?.isHeld == false)
                #expect(records.first?.highWaterTick != nil, "the release stores the last tick issued")
            }
        }

        @Test(
            "two apps on one lease directory get different numbers; the second gets the first's number after it shuts down"
        )
        func twoAppsShareADirectory() async throws {
            try await withDirectory { directory in
                let first = try await Application.make(.testing)
                first.flake.use(.fileLease(directory: directory, instanceNumbers: 1...2))
                try await first.asyncBoot()
                let second = try await Application.make(.testing)
                second.flake.use(.fileLease(directory: directory, instanceNumbers: 1...2))
                try await second.asyncBoot()
                let numbers = Set([first, second].compactMap { $0.flake.runningIssuer?.currentInstanceNumber })
                #expect(numbers == [1, 2])

                let third = try await Application.make(.testing)
                third.flake.use(.fileLease(directory: directory, instanceNumbers: 1...2))
                await #expect(throws: (any Error).self, "every number is held") { try await third.asyncBoot() }
                try await third.asyncShutdown()

                let firstNumber = first.flake.runningIssuer?.currentInstanceNumber
                try await first.asyncShutdown()
                let fourth = try await Application.make(.testing)
                fourth.flake.use(.fileLease(directory: directory, instanceNumbers: 1...2))
                try await fourth.asyncBoot()
                #expect(fourth.flake.runningIssuer?.currentInstanceNumber == firstNumber)
                try await fourth.asyncShutdown()
                try await second.asyncShutdown()
                #expect(try await held(in: directory) == [])
            }
        }

        @Test(
            "claim: .onFirstUse claims nothing at boot, claims at the first identifier, and still releases on shutdown")
        func claimOnFirstUse() async throws {
            try await withDirectory { directory in
                let app = try await Application.make(.testing)
                app.flake.use(.fileLease(directory: directory, instanceNumbers: 5...5), claim: .onFirstUse)
                try await app.asyncBoot()
                #expect(try await held(in: directory) == [])
                let id = try await app.flake.next()
                #expect(FlakeLayout.miniFlake.parts(of: id).instanceNumber == 5)
                #expect(try await held(in: directory) == [5])
                try await app.asyncShutdown()
                #expect(try await held(in: directory) == [])
            }
        }

        @Test("the migrate command boots the app, so it claims a lease and releases it when it ends")
        func migrateCommandClaimsAndReleases() async throws {
            try await withDirectory { directory in
                let events = LockedValue<[String]>([])
                let configuration = LeasedFlakeIssuer.Configuration(onEvent: { event in
                    switch event {
                    case .claimed: events.withLock { $0.append("claimed") }
                    case .released: events.withLock { $0.append("released") }
                    default: break
                    }
                })
                var environment = Environment.testing
                environment.arguments = ["vapor", "migrate", "--yes"]
                let app = try await Application.make(environment)
                app.flake.use(.fileLease(directory: directory, instanceNumbers: 9...9, configuration: configuration))
                app.databases.use(.sqlite(.memory), as: .sqlite)
                app.migrations.add(CreateNotes())
                do {
                    try await app.execute()
                } catch {
                    try? await app.asyncShutdown()
                    throw error
                }
                #expect(events.withLock { $0 } == ["claimed"])
                let tables = try await TestApp.sql(app).raw("SELECT name FROM sqlite_master WHERE name = 'notes'").all()
                #expect(tables.count == 1, "the migration ran")
                try await app.asyncShutdown()
                #expect(events.withLock { $0 } == ["claimed", "released"])
                #expect(try await held(in: directory) == [])
            }
        }

        @Test("a configuration error surfaces at boot, not at the first request")
        func badInstanceFailsBoot() async throws {
            let app = try await Application.make(.testing)
            app.flake.use(.instance(1 << 20))
            await #expect(throws: FlakeError.self) { try await app.asyncBoot() }
            try await app.asyncShutdown()
        }

        @Test(
            "a PostgreSQL lease is claimed on boot and released on shutdown (lease list)",
            .sharedResource(.postgresServer), .enabled(if: TestApp.postgresURL != nil, TestApp.missing))
        func postgresLeaseFollowsTheApp() async throws {
            let url = try #require(TestApp.postgresURL)
            let base = FlakeLayout.miniFlake
            let layout = try FlakeLayout(
                name: "vapor-\(UUID().uuidString.prefix(8))", timestampBits: base.timestampBits,
                sequenceBits: base.sequenceBits, instanceBits: base.instanceBits, fieldOrder: base.fieldOrder,
                epochMillisecondsSince1970: base.epochMillisecondsSince1970)
            func held() async throws -> [Int] {
                try await PostgresInstanceLeaseBackend.withBackend(url: url, layout: layout) { backend in
                    try await backend.list().filter(\.isHeld).map(\.instanceNumber)
                }
            }
            let app = try await Application.make(.testing)
            do {
                app.flake.use(.postgresLease(url: url, layout: layout))
                try await app.asyncBoot()
                let number = try #require(app.flake.runningIssuer?.currentInstanceNumber)
                #expect(try await held() == [number])
                let id = try await app.flake.next()
                #expect(layout.parts(of: id).instanceNumber == number)
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
            try await app.asyncShutdown()
            #expect(try await held() == [])
        }
    }
#endif
