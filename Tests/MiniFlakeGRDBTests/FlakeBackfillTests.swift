#if GRDB
    import Foundation
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import MiniFlakeTestSupport
    import Testing

    @Suite("Keys for existing rows in SQLite")
    struct FlakeBackfillTests {
        /// 200,000 notes in GRDB's text format for dates: 6,000 in one millisecond, 10 before
        /// MiniFlake's epoch, the rest spread over seven years; `id` starts as `-oldID`.
        static func notes() throws -> DatabaseQueue {
            let queue = try DatabaseQueue()
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE note (oldID INTEGER PRIMARY KEY, createdAt TEXT, title TEXT NOT NULL, id INTEGER);
                        WITH RECURSIVE n(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM n WHERE v < 199999)
                        INSERT INTO note (oldID, createdAt, title, id)
                        SELECT v, CASE
                            WHEN v < 6000 THEN '2024-05-01 12:00:00.123'
                            WHEN v >= 199990 THEN strftime('%Y-%m-%d %H:%M:%f', 1483228800 + v, 'unixepoch')
                            ELSE strftime('%Y-%m-%d %H:%M:%f', 1546300800 + ((v * 7919) % 200000) * 1110.25, 'unixepoch')
                            END, 'note ' || v, -v
                        FROM n;
                        """)
            }
            return queue
        }

        @Test("200,000 rows: refused whole while some predate the epoch; then unique, ordered IDs at each row's time")
        func twoHundredThousandRows() throws {
            let queue = try Self.notes()
            let layout = FlakeLayout.miniFlake
            let fingerprint = "SELECT count(*), sum(id), sum(length(createdAt)), count(DISTINCT id) FROM note"
            let before = try queue.read { db in try Row.fetchOne(db, sql: fingerprint) }
            let refusal = #expect(throws: FlakeBackfillError.self) {
                try queue.write { db in
                    try db.backfillFlakeIDs(
                        table: "note", column: "id", createdAtColumn: "createdAt", orderColumn: "oldID", instance: 77)
                }
            }
            #expect(refusal?.code == .beforeEpoch)
            #expect(
                refusal?.message.hasPrefix("10 of the 200000 rows of note") == true, "\(String(describing: refusal))")
            #expect(try queue.read { db in try Row.fetchOne(db, sql: fingerprint) } == before)

            let result = try queue.write { db in
                try db.execute(sql: "DELETE FROM note WHERE createdAt < '2018-03-01'")
                return try db.backfillFlakeIDs(
                    table: "note", column: "id", createdAtColumn: "createdAt", orderColumn: "oldID", instance: 77)
            }
            let rows = try queue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT CAST(round((julianday(createdAt) - 2440587.5) * 86400000) AS INTEGER), id
                        FROM note ORDER BY createdAt, oldID
                        """)
            }
            let milliseconds = rows.map { $0[0] as Int64 }
            let ids = rows.map { FlakeID(rawValue: $0[1] as Int64) ?? .min }
            #expect(ids.count == 199_990 && Set(ids).count == 199_990)
            #expect(ids == ids.sorted(), "ORDER BY id is ORDER BY createdAt, oldID")
            #expect(
                ids == (try BackfillExpectation.ids(millisecondsSince1970: milliseconds, layout: layout, instance: 77)))
            let lags = zip(ids, milliseconds).map { layout.parts(of: $0).millisecondsSince1970 - $1 }
            #expect(lags.allSatisfy { $0 >= 0 })
            #expect(lags.filter { $0 > 0 }.count == result.carriedRows)
            #expect(result.carriedRows == 6000 - 4096)
            #expect(ids.allSatisfy { layout.parts(of: $0).instanceNumber == 77 })
            #expect(result.keyedRows == 199_990 && result.highestID == ids.max() && result.instanceNumber == 77)

            // A live issuer on another number never meets them.
            let maker = try FlakeMaker(instance: 5)
            let live = try (0..<10_000).map { _ in try maker.nextBlocking() }
            #expect(Set(live).isDisjoint(with: ids))
        }

        @Test("GRDB's Date storage, milliseconds and seconds since 1970 all give the row's millisecond")
        func storages() throws {
            let queue = try DatabaseQueue()
            let moment = Date(timeIntervalSince1970: 1_772_366_400.125)
            let layout = FlakeLayout.twitter
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE event (key TEXT, at, id INTEGER)")
                try db.execute(sql: "INSERT INTO event VALUES ('text', ?, NULL)", arguments: [moment])
                try db.backfillFlakeIDs(
                    table: "event", column: "id", createdAtColumn: "at", orderColumn: "key", layout: layout,
                    instance: 9)
                try db.execute(sql: "UPDATE event SET at = 1772366400125")
                let fromText = try Int64.fetchOne(db, sql: "SELECT id FROM event")
                try db.backfillFlakeIDs(
                    table: "event", column: "id", createdAtColumn: "at", orderColumn: "key", layout: layout,
                    instance: 9, createdAtStorage: .unixMilliseconds)
                #expect(try Int64.fetchOne(db, sql: "SELECT id FROM event") == fromText)
                try db.execute(sql: "UPDATE event SET at = 1772366400.1255")
                try db.backfillFlakeIDs(
                    table: "event", column: "id", createdAtColumn: "at", orderColumn: "key", layout: layout,
                    instance: 9, createdAtStorage: .unixSeconds)
                let raw = try #require(try Int64.fetchOne(db, sql: "SELECT id FROM event"))
                let id = try #require(FlakeID(rawValue: raw))
                #expect(
                    id == (try layout.compose(millisecondsSince1970: 1_772_366_400_125, sequence: 0, instanceNumber: 9))
                )
                #expect(fromText == id.rawValue)
            }
        }

        @Test("bad tables, columns, times and instance numbers are refused with a code, and change nothing")
        func refusals() throws {
            let queue = try DatabaseQueue()
            func refusal(_ body: (Database) throws -> Void) -> FlakeBackfillError.Code? {
                do {
                    try queue.write { db in try body(db) }
                    return nil
                } catch let error as FlakeBackfillError {
                    return error.code
                } catch {
                    return nil
                }
            }
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE note (oldID INTEGER PRIMARY KEY, createdAt TEXT, id INTEGER);
                        INSERT INTO note VALUES (1, '2026-03-01 00:00:00.000', 5), (2, NULL, 6);
                        CREATE TABLE keyed (k TEXT PRIMARY KEY, createdAt TEXT, id INTEGER) WITHOUT ROWID;
                        """)
            }
            let backfill = { (db: Database, table: String, created: String, instance: Int) in
                _ = try db.backfillFlakeIDs(
                    table: table, column: "id", createdAtColumn: created, orderColumn: "oldID", instance: instance)
            }
            #expect(refusal { try backfill($0, "missing", "createdAt", 1) } == .unknownTable)
            #expect(refusal { try backfill($0, "note", "created", 1) } == .unknownColumn)
            #expect(refusal { try backfill($0, "note", "createdAt", 1024) } == .instanceOutOfRange)
            #expect(refusal { try backfill($0, "note", "createdAt", 1) } == .nullCreatedAt)
            try queue.write { db in try db.execute(sql: "UPDATE note SET createdAt = 'yesterday' WHERE oldID = 2") }
            #expect(refusal { try backfill($0, "note", "createdAt", 1) } == .invalidTime)
            try queue.write { db in try db.execute(sql: "UPDATE note SET createdAt = '2200-01-01' WHERE oldID = 2") }
            #expect(refusal { try backfill($0, "note", "createdAt", 1) } == .afterLastTick)
            #expect(
                refusal {
                    try $0.backfillFlakeIDs(
                        table: "keyed", column: "id", createdAtColumn: "createdAt", orderColumn: "k", instance: 1)
                } == .withoutRowID)
            #expect(
                try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM note ORDER BY oldID") } == [5, 6])
        }
    }
#endif
