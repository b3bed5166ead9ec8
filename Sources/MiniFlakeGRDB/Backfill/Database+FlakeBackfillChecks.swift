#if GRDB
    import GRDB
    import MiniFlake

    extension Database {
        /// Throws unless `table` is a rowid table with every one of `columns`.
        func checkBackfillColumns(table: String, columns: [String]) throws {
            guard try tableExists(table) else {
                throw FlakeBackfillError(.unknownTable, "no table is named \(table)")
            }
            let names = Set(try self.columns(in: table).map { $0.name.lowercased() })
            for column in columns where !names.contains(column.lowercased()) {
                throw FlakeBackfillError(.unknownColumn, "\(table) has no column \(column)")
            }
            do {
                _ = try makeStatement(sql: "SELECT rowid FROM \(table.quotedDatabaseIdentifier)")
            } catch {
                throw FlakeBackfillError(.withoutRowID, "\(table) is a WITHOUT ROWID table")
            }
        }

        /// Counts the rows of `table`, throwing unless every row's creation time is set,
        /// readable as `storage`, and within `layout`'s ticks.
        func checkCreationTimes(
            table: String, createdAtColumn: String, storage: FlakeBackfillTimeStorage, layout: FlakeLayout
        ) throws -> Int {
            let created = createdAtColumn.quotedDatabaseIdentifier
            let row = try Row.fetchOne(
                self,
                sql: """
                    SELECT count(*), count(*) FILTER (WHERE created IS NULL),
                        count(*) FILTER (WHERE created IS NOT NULL AND ms IS NULL),
                        count(*) FILTER (WHERE ms < ?), max(ms)
                    FROM (SELECT \(created) AS created, \(storage.milliseconds(of: created)) AS ms
                        FROM \(table.quotedDatabaseIdentifier))
                    """, arguments: [layout.epochMillisecondsSince1970])
            guard let row else { return 0 }
            let (total, nulls, invalid, early): (Int, Int, Int, Int) = (row[0], row[1], row[2], row[3])
            if nulls > 0 {
                throw FlakeBackfillError(
                    .nullCreatedAt,
                    "\(nulls) of the \(total) rows of \(table) have no creation time (\(createdAtColumn) is NULL)")
            }
            if invalid > 0 {
                throw FlakeBackfillError(
                    .invalidTime,
                    "\(invalid) of the \(total) rows of \(table) have a \(createdAtColumn) that is not \(storage)")
            }
            if early > 0 {
                throw FlakeBackfillError(
                    .beforeEpoch,
                    "\(early) of the \(total) rows of \(table) were created before the epoch of layout \(layout.name), "
                        + "\(layout.epochMillisecondsSince1970) ms since 1970")
            }
            if let latest: Int64 = row[4],
                (latest - layout.epochMillisecondsSince1970) / layout.tickMilliseconds > layout.maximumTick
            {
                throw FlakeBackfillError(
                    .afterLastTick, "rows of \(table) were created past the last tick of layout \(layout.name)")
            }
            return total
        }
    }
#endif
