#if GRDB
    import GRDB
    import MiniFlake

    /// `FlakeID` is stored as an SQLite `INTEGER`, its raw value unchanged.
    ///
    /// An identifier column can therefore be the table's `INTEGER PRIMARY KEY`, the rowid itself,
    /// and `ORDER BY id` sorts rows in the order their identifiers were made:
    ///
    /// ```swift
    /// try db.create(table: "note") { t in
    ///     t.primaryKey("id", .integer)   // id INTEGER PRIMARY KEY: the rowid itself
    ///     t.column("title", .text).notNull()
    /// }
    ///
    /// struct Note: Codable, Identifiable, FetchableRecord, PersistableRecord {
    ///     var id: FlakeID
    ///     var title: String
    /// }
    ///
    /// let notes = try Note.order(Column("id")).fetchAll(db)   // oldest first
    /// ```
    ///
    /// Reading is strict. Only an `INTEGER` from 0 to `Int64.max` reads as an identifier; `NULL`,
    /// `TEXT`, `REAL`, `BLOB` and negative integers do not, so fetching one as a non-optional
    /// `FlakeID` throws GRDB's `RowDecodingError`, which names the column, the value and the SQL.
    /// SQLite's own conversions (text `'12abc'` read as 12, real `2.5` read as 2) never apply.
    ///
    /// Prefer the throwing ways to read: `FlakeID.fetchAll(db, sql:)`, `row.decode(forColumn:)`,
    /// and records that decode in `init(row:) throws` (as `Decodable` records do). GRDB's
    /// `row["id"]` subscript stops the process when a value does not decode.
    extension FlakeID: DatabaseValueConvertible {
        /// The raw value as an SQLite `INTEGER`.
        public var databaseValue: DatabaseValue {
            rawValue.databaseValue
        }

        /// Reads an identifier from a non-negative `INTEGER`, or returns `nil` for any other
        /// value: `NULL`, `TEXT`, `REAL`, `BLOB` or a negative integer.
        public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> FlakeID? {
            guard case .int64(let rawValue) = dbValue.storage else { return nil }
            return FlakeID(rawValue: rawValue)
        }
    }

    /// Reads identifiers straight from SQLite statements when GRDB can, with the same strict
    /// rules as ``fromDatabaseValue(_:)``.
    extension FlakeID: StatementColumnConvertible {
        /// Reads an identifier from a column of a statement, or returns `nil` when the column
        /// does not hold a non-negative `INTEGER`.
        ///
        /// - Parameters:
        ///   - sqliteStatement: A statement that has a row ready.
        ///   - index: The column's index, from 0.
        @inlinable
        public init?(sqliteStatement: SQLiteStatement, index: CInt) {
            guard let id = FlakeID.fromDatabaseValue(DatabaseValue(sqliteStatement: sqliteStatement, index: index))
            else { return nil }
            self = id
        }
    }
#endif
