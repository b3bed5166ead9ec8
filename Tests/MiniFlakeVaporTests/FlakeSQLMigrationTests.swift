#if Vapor
    import Fluent
    import FluentPostgresDriver
    import Foundation
    import MiniFlake
    import MiniFlakeVapor
    import Testing
    import Vapor

    @Suite("FlakeSQLMigration", .serialized)
    struct FlakeSQLMigrationTests {
        @Test(
            "in PostgreSQL it installs the functions, and a Fluent query for a month uses ids(from:to:)",
            .enabled(if: TestApp.postgresURL != nil, TestApp.missing))
        func postgres() async throws {
            try await TestApp.withApp(.postgres) { app in
                try await FlakeSQLMigration().prepare(on: app.db)
                try await FlakeSQLMigration().prepare(on: app.db)  // again: nothing changes
                let row = try await TestApp.sql(app).raw(
                    "SELECT miniflake_instance(243162257817603079) AS instance, miniflake_id_at('2020-01-01T00:00:00Z') AS first"
                ).first()
                #expect(try row?.decode(column: "instance", as: Int.self) == 7)
                #expect(try row?.decode(column: "first", as: Int64.self) == 57_974_400_000 << 22)
                try await Self.monthOfNotes(app)
                let inSQL = try await TestApp.sql(app).raw(
                    """
                    SELECT count(*) AS count FROM notes WHERE id >= miniflake_id_at('2026-03-01T00:00:00Z')
                        AND id < miniflake_id_at('2026-04-01T00:00:00Z')
                    """
                ).first()
                #expect(try inSQL?.decode(column: "count", as: Int.self) == 31)
            }
        }

        @Test("on SQLite it does nothing, and the same Fluent query works")
        func sqlite() async throws {
            try await TestApp.withApp(.sqlite) { app in
                try await FlakeSQLMigration().prepare(on: app.db)
                try await Self.monthOfNotes(app)
            }
        }

        /// Stores a note a day from February to April 2026 and reads back March's.
        static func monthOfNotes(_ app: Application) async throws {
            let layout = FlakeLayout.miniFlake
            let february: Int64 = 1_769_904_000_000  // 2026-02-01T00:00:00Z
            for day in 0..<(28 + 31 + 30) {
                let id = try layout.compose(
                    millisecondsSince1970: february + Int64(day) * 86_400_000 + 43_200_000, sequence: 0,
                    instanceNumber: 7)
                try await Note(id: id, title: "day \(day)").create(on: app.db)
            }
            let march = try layout.ids(
                from: Date(timeIntervalSince1970: 1_772_323_200), to: Date(timeIntervalSince1970: 1_775_001_600))
            let notes = try await Note.query(on: app.db)
                .filter(\.$id >= march.lowerBound).filter(\.$id < march.upperBound)
                .sort(\.$id).all()
            #expect(notes.map(\.title) == (28..<59).map { "day \($0)" })
        }
    }
#endif
