#if Vapor
    import MiniFlake
    import SQLiteNIO

    /// `FlakeID` is an SQLite `INTEGER`, its raw value unchanged.
    ///
    /// Fluent's SQLite driver binds values of types that conform to `SQLiteDataConvertible`
    /// directly; without this conformance it would bind the `Codable` form, a decimal string.
    /// With it, an identifier is bound as an integer, so `typeof(id)` is `integer` whatever the
    /// column's declared type, and comparisons and `ORDER BY` are numeric.
    ///
    /// Reading is strict: only an `INTEGER` from 0 to `Int64.max` reads as an identifier.
    /// `TEXT` (even `'42'`), `REAL`, `BLOB` and negative integers make Fluent throw a
    /// `DecodingError`, and `NULL` reads only as `FlakeID?`. (SQLite itself turns text such as
    /// `'42'` into an integer when it is written to a column declared `INTEGER`, as Fluent's
    /// `.flakeID` columns are; text that is not a number stays text, and fails to read.)
    extension FlakeID: SQLiteDataConvertible {
        /// Reads a non-negative SQLite integer, or returns `nil` for anything else.
        ///
        /// - Parameter sqliteData: A value read from SQLite.
        public init?(sqliteData: SQLiteData) {
            guard case .integer(let value) = sqliteData, let raw = Int64(exactly: value) else { return nil }
            self.init(rawValue: raw)
        }

        /// The raw value as an SQLite integer.
        public var sqliteData: SQLiteData? {
            Int(exactly: rawValue).map { .integer($0) }
        }
    }
#endif
