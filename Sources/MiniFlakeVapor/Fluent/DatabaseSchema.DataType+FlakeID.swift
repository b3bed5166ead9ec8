#if Vapor
    import FluentKit

    extension DatabaseSchema.DataType {
        /// The column type for a ``MiniFlake/FlakeID``: `.int64`, which Fluent creates as
        /// `BIGINT` in PostgreSQL and `INTEGER` in SQLite.
        ///
        /// ```swift
        /// try await database.schema("notes")
        ///     .field("id", .flakeID, .identifier(auto: false))
        ///     .field("parent_id", .flakeID)
        ///     .create()
        /// ```
        ///
        /// `.identifier(auto: false)` matters: an auto-incrementing column (`BIGSERIAL`,
        /// `AUTOINCREMENT`) would hand out numbers of its own.
        public static var flakeID: Self { .int64 }
    }
#endif
