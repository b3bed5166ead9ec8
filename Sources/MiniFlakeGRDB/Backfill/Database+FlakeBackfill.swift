#if GRDB
    import GRDB
    import MiniFlake

    extension Database {
        /// Gives every row of an existing table a MiniFlake ID made at the row's own creation
        /// time, so that the new key sorts as the rows were created and time ranges
        /// (`miniflake_id_at`, ``MiniFlake/FlakeLayout/ids(from:to:)``) find old rows too.
        ///
        /// Rows are taken in the order of their creation time, then `orderColumn` (the old
        /// key), and numbered as a generator on `instance` would have numbered them: a row's ID
        /// has its creation time's tick and the next sequence number, and a tick holding more
        /// rows than the sequence has numbers (4,096 for MiniFlake) carries the rest into the
        /// following ticks. Every ID is unique, and sorting by it sorts by (creation time, old
        /// key). It is one `UPDATE` inside a savepoint: run it in a migration, after adding the
        /// column, before making it the key.
        ///
        /// ```swift
        /// migrator.registerMigration("key notes by MiniFlake IDs") { db in
        ///     try db.alter(table: "note") { t in t.add(column: "flakeID", .integer) }
        ///     try db.backfillFlakeIDs(
        ///         table: "note", column: "flakeID", createdAtColumn: "creationDate",
        ///         orderColumn: "id", instance: 1023)
        /// }
        /// ```
        ///
        /// The instance number is yours to choose: take one that no issuer has used, such as
        /// one reserved for the purpose in your registry, and keep it out of use afterwards, or
        /// have its next holder start above the ``FlakeBackfillResult/highestID``'s tick.
        ///
        /// - Parameters:
        ///   - table: The table; a `WITHOUT ROWID` table is refused.
        ///   - column: The `INTEGER` column that receives the IDs; every row's value is replaced.
        ///   - createdAtColumn: The rows' creation times, stored as `createdAtStorage` says.
        ///   - orderColumn: The old key, which orders rows created in the same millisecond.
        ///   - layout: The layout of the IDs; MiniFlake's by default.
        ///   - instance: The instance number in every ID.
        ///   - createdAtStorage: How creation times are stored; GRDB's default for `Date`,
        ///     ``FlakeBackfillTimeStorage/text``, by default.
        /// - Returns: The counts and the highest ID.
        /// - Throws: ``FlakeBackfillError`` for a table, column or instance number it cannot
        ///   use, or for a row whose creation time is `NULL`, not in the storage given, before
        ///   the layout's epoch or past its last tick: nothing is changed. GRDB's
        ///   `DatabaseError` when SQLite fails.
        @discardableResult
        public func backfillFlakeIDs(
            table: String, column: String, createdAtColumn: String, orderColumn: String,
            layout: FlakeLayout = .miniFlake, instance: Int,
            createdAtStorage: FlakeBackfillTimeStorage = .text
        ) throws -> FlakeBackfillResult {
            guard (0...layout.maximumInstanceNumber).contains(instance) else {
                throw FlakeBackfillError(
                    .instanceOutOfRange,
                    "\(instance) is outside 0...\(layout.maximumInstanceNumber) of layout \(layout.name)")
            }
            try checkBackfillColumns(table: table, columns: [column, createdAtColumn, orderColumn])
            let quotedTable = table.quotedDatabaseIdentifier
            let milliseconds = createdAtStorage.milliseconds(of: createdAtColumn.quotedDatabaseIdentifier)
            let total = try checkCreationTimes(
                table: table, createdAtColumn: createdAtColumn, storage: createdAtStorage, layout: layout)
            guard total > 0 else {
                return FlakeBackfillResult(instanceNumber: instance, keyedRows: 0, carriedRows: 0, highestID: nil)
            }
            let (sequenceBits, shift) = (layout.sequenceBits, layout.timestampShift)
            let ticks = { (milliseconds: String) in
                "((\(milliseconds)) - \(layout.epochMillisecondsSince1970)) / \(layout.tickMilliseconds)"
            }
            // The generator's rule, slot = max(row's tick << sequenceBits, previous slot + 1), is
            // the row's position plus the running maximum of (tick << sequenceBits) - position.
            // The slots come in rowid order, so that the UPDATE writes the table's pages in turn.
            let slots = """
                WITH ticks AS (
                    SELECT row_id, ms, old_key, \(ticks("ms")) AS tick,
                        row_number() OVER (ORDER BY ms, old_key, row_id) - 1 AS position
                    FROM (SELECT rowid AS row_id, \(milliseconds) AS ms, \(orderColumn.quotedDatabaseIdentifier) AS old_key
                        FROM \(quotedTable))
                ), slots AS (
                    SELECT row_id, tick, position + max(0, max((tick << \(sequenceBits)) - position)
                        OVER (ORDER BY ms, old_key, row_id ROWS UNBOUNDED PRECEDING)) AS slot
                    FROM ticks ORDER BY row_id
                )
                """
            let id = """
                CASE WHEN slots.slot >> \(sequenceBits) <= \(layout.maximumTick)
                THEN ((slots.slot >> \(sequenceBits)) << \(shift)) | ((slots.slot & \(layout.maximumSequence)) << \(layout.sequenceShift))
                    | \(Int64(instance) << Int64(layout.instanceShift)) END
                """
            var result: FlakeBackfillResult?
            try inSavepoint {
                try execute(
                    sql: """
                        \(slots)
                        UPDATE \(quotedTable) SET \(column.quotedDatabaseIdentifier) = \(id)
                        FROM slots WHERE \(quotedTable).rowid = slots.row_id
                        """)
                let quotedColumn = column.quotedDatabaseIdentifier
                let row = try Row.fetchOne(
                    self,
                    sql: """
                        SELECT count(*) FILTER (WHERE \(quotedColumn) IS NULL), max(\(quotedColumn)),
                            count(*) FILTER (WHERE \(quotedColumn) >> \(shift) > \(ticks(milliseconds)))
                        FROM \(quotedTable)
                        """)
                let overflowed: Int = row?[0] ?? 0
                guard overflowed == 0 else {
                    throw FlakeBackfillError(
                        .afterLastTick,
                        "\(overflowed) rows of \(table) carry past the last tick of layout \(layout.name)")
                }
                let highest: Int64? = row?[1]
                result = FlakeBackfillResult(
                    instanceNumber: instance, keyedRows: total, carriedRows: row?[2] ?? 0,
                    highestID: highest.flatMap(FlakeID.init(rawValue:)))
                return .commit
            }
            return result ?? FlakeBackfillResult(instanceNumber: instance, keyedRows: 0, carriedRows: 0, highestID: nil)
        }
    }
#endif
