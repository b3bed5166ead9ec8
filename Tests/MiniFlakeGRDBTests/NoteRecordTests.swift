#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeGRDB
    import Testing

    @Suite("Records identified by FlakeID, made by one shared generator")
    struct NoteRecordTests {
        /// Notes saved in another order than they were made in: every third one first, backwards.
        private func saveOrder<T>(_ items: [T]) -> [T] {
            items.indices.sorted { ($0 % 3, -$0) < ($1 % 3, -$1) }.map { items[$0] }
        }

        @Test("ORDER BY id is creation order while the clock moves, stands still and steps back")
        func creationOrderWithManualClock() throws {
            let time = ManualFlakeClock(millisecondsSince1970: 1_700_000_000_000)
            let maker = try FlakeMaker(instance: 3, clock: time.flakeClock)
            let steps: [Int64] = [0, 1, 0, 0, 7, 1_000, -250, 0, 3, -60_000, 1, 86_400_000, 0, 2]
            var created: [Note] = []
            for round in 0..<20 {
                for (index, step) in steps.enumerated() {
                    time.advance(by: .milliseconds(step))
                    created.append(try Note(title: "note \(round).\(index)", maker: maker))
                }
            }
            let queue = try DatabaseQueue()
            try queue.write { db in
                try Note.createTable(db)
                for note in saveOrder(created) {
                    try note.insert(db)
                }
            }
            let (notes, titles) = try queue.read { db in
                (
                    try Note.order(Column("id")).fetchAll(db),
                    try String.fetchAll(db, sql: "SELECT title FROM note ORDER BY id")
                )
            }
            #expect(notes == created)
            #expect(titles == created.map(\.title))
        }

        @Test("ORDER BY id is creation order for notes made thousands per millisecond")
        func creationOrderWhenFast() throws {
            let maker = try FlakeMaker(instance: 4)
            var created: [Note] = []
            for index in 0..<10_000 {
                created.append(try Note(title: "fast \(index)", maker: maker))
            }
            let milliseconds = Set(created.map { maker.layout.parts(of: $0.id).millisecondsSince1970 })
            #expect(milliseconds.count < created.count / 2, "most notes share a millisecond with others")
            let queue = try DatabaseQueue()
            try queue.write { db in
                try Note.createTable(db)
                for note in saveOrder(created) {
                    try note.insert(db)
                }
            }
            let notes = try queue.read { db in try Note.order(Column("id")).fetchAll(db) }
            #expect(notes == created)
        }

        @Test("100,000 notes from 8 concurrent writers and one generator, through one DatabasePool")
        func concurrentWriters() async throws {
            let writers = 8
            let batchesPerWriter = 5
            let notesPerBatch = 2_500
            let database = try TemporaryDatabasePool()
            let pool = database.pool
            try await pool.write { db in try Note.createTable(db) }
            let maker = try FlakeMaker(instance: 9)

            let clock = ContinuousClock()
            let start = clock.now
            let madeByWriter = try await withThrowingTaskGroup(of: [FlakeID].self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        var made: [FlakeID] = []
                        for batch in 0..<batchesPerWriter {
                            let notes = try (0..<notesPerBatch).map { index throws(FlakeError) in
                                try Note(title: "writer \(writer) batch \(batch) #\(index)", maker: maker)
                            }
                            // One transaction per batch, through a prepared statement: the
                            // Codable path of `note.insert(db)` costs about 70 µs a row in a
                            // debug build, the statement about 10.
                            try await pool.write { db in
                                let insert = try db.cachedStatement(
                                    sql: "INSERT INTO note (id, title, body) VALUES (?, ?, ?)")
                                for note in notes {
                                    try insert.execute(arguments: [note.id, note.title, note.body])
                                }
                            }
                            made += notes.map(\.id)
                        }
                        return made
                    }
                }
                var all: [[FlakeID]] = []
                for try await made in group {
                    all.append(made)
                }
                return all
            }
            let elapsed = clock.now - start
            print("100,000 notes, \(writers) writers, \(writers * batchesPerWriter) transactions: \(elapsed)")

            let total = writers * batchesPerWriter * notesPerBatch
            let made = madeByWriter.flatMap { $0 }
            #expect(made.count == total)
            #expect(Set(made).count == total)
            for ids in madeByWriter {
                #expect(ids == ids.sorted(), "one writer's notes are made in increasing order")
            }
            let (count, distinct, stored) = try await pool.read { db in
                (
                    try Note.fetchCount(db),
                    try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT id) FROM note"),
                    try FlakeID.fetchAll(db, sql: "SELECT id FROM note ORDER BY id")
                )
            }
            #expect(count == total)
            #expect(distinct == total)
            #expect(stored == made.sorted())
        }
    }
#endif
