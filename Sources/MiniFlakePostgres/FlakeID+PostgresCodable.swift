#if Postgres
    import MiniFlake
    import PostgresNIO

    /// `FlakeID` is a PostgreSQL `BIGINT` (`int8`), its raw value unchanged.
    ///
    /// With this conformance postgres-nio, and everything built on it (PostgresKit, Fluent's
    /// PostgreSQL driver), binds an identifier as an `int8` parameter and reads it from an
    /// integer column, instead of falling back to the `Codable` form (a decimal string, sent as
    /// text or JSONB):
    ///
    /// ```swift
    /// try await client.query("INSERT INTO note (id, title) VALUES (\(id), \(title))")
    /// for try await (id, title) in try await client.query("SELECT id, title FROM note").decode((FlakeID, String).self) {
    ///     print(id, title)
    /// }
    /// ```
    ///
    /// Reading is strict: only `smallint`, `integer` and `bigint` values from 0 to `Int64.max`
    /// read as identifiers. A negative number fails with `PostgresDecodingError.Code.failure`;
    /// text, `numeric`, JSON and every other type fail with `.typeMismatch`, even when the text
    /// is a decimal number. `NULL` reads only as `FlakeID?`.
    extension FlakeID: PostgresNonThrowingEncodable, PostgresDecodable {
        /// Always `int8`, PostgreSQL's `BIGINT`.
        public static var psqlType: PostgresDataType { .int8 }

        /// Always the binary format.
        public static var psqlFormat: PostgresFormat { .binary }

        /// Writes the raw value as an 8-byte big-endian integer.
        @inlinable
        public func encode<JSONEncoder: PostgresJSONEncoder>(
            into byteBuffer: inout ByteBuffer,
            context: PostgresEncodingContext<JSONEncoder>
        ) {
            rawValue.encode(into: &byteBuffer, context: context)
        }

        /// Reads a non-negative `smallint`, `integer` or `bigint`.
        ///
        /// - Throws: `PostgresDecodingError.Code.typeMismatch` for any other column type, and
        ///   `.failure` for a negative value or malformed bytes.
        public init<JSONDecoder: PostgresJSONDecoder>(
            from buffer: inout ByteBuffer,
            type: PostgresDataType,
            format: PostgresFormat,
            context: PostgresDecodingContext<JSONDecoder>
        ) throws {
            guard [.int2, .int4, .int8].contains(type) else { throw PostgresDecodingError.Code.typeMismatch }
            let raw = try Int64(from: &buffer, type: type, format: format, context: context)
            guard let id = FlakeID(rawValue: raw) else { throw PostgresDecodingError.Code.failure }
            self = id
        }
    }
#endif
