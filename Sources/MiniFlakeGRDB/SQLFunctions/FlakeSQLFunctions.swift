#if GRDB
    import GRDB
    import MiniFlake
    import MiniFlakeSupport

    /// MiniFlake's SQL functions for SQLite, the same as those `sql/miniflake.sql` installs in
    /// PostgreSQL, as GRDB custom functions; `Database.addFlakeFunctions()` registers
    /// them on a connection.
    ///
    /// Each takes an optional last argument, the name of a preset layout (`miniflake` when it
    /// is left out):
    ///
    /// - `miniflake_time(id)`: the start of the ID's tick as ISO 8601 UTC text,
    ///   `2026-03-01T00:00:00.000Z`;
    /// - `miniflake_milliseconds(id)`: the same in milliseconds since 1970;
    /// - `miniflake_sequence(id)`, `miniflake_instance(id)`;
    /// - `miniflake_id_at(time)`: the smallest ID of the tick holding the moment, from ISO 8601
    ///   text (a time without a zone is UTC, as SQLite's `datetime()` writes it) or an integer
    ///   of milliseconds since 1970, so that
    ///   `WHERE id >= miniflake_id_at('2026-03-01') AND id < miniflake_id_at('2026-04-01')` is a
    ///   range on the primary key;
    /// - `miniflake_to_uuid(id)`: the ID as the text of an RFC 9562 version-7 UUID
    ///   (`FlakeUUID`), whose time is the ID's and which sorts as the ID within a layout;
    ///   `miniflake_from_uuid(uuid)` and `miniflake_uuid_layout(uuid)` (no layout argument)
    ///   give back the ID and its layout's name.
    ///
    /// A `NULL` argument gives `NULL`. Bad input is an SQL error whose message starts with the
    /// code the shared vectors use: `negative`, `not_an_id`, `before_epoch`, `after_last_tick`
    /// (a moment past the layout's time, or an ID above the layout's largest),
    /// `invalid_time` or `unknown_layout`, and for a UUID no ID made `FlakeUUIDError`'s code.
    public enum FlakeSQLFunctions {
        /// Every function, for `db.add(function:)`.
        public static let all: [DatabaseFunction] = [
            time, milliseconds, sequence, instance, idAt, toUUID, fromUUID, uuidLayout,
        ]

        /// `miniflake_time(id [, layout])`: ISO 8601 UTC text with milliseconds.
        public static let time = decoding("miniflake_time") { layout, id in
            ISO8601Time.string(millisecondsSince1970: layout.parts(of: id).millisecondsSince1970)
        }

        /// `miniflake_milliseconds(id [, layout])`: milliseconds since 1970.
        public static let milliseconds = decoding("miniflake_milliseconds") { layout, id in
            layout.parts(of: id).millisecondsSince1970
        }

        /// `miniflake_sequence(id [, layout])`: the sequence number.
        public static let sequence = decoding("miniflake_sequence") { layout, id in
            layout.parts(of: id).sequence
        }

        /// `miniflake_instance(id [, layout])`: the instance number.
        public static let instance = decoding("miniflake_instance") { layout, id in
            layout.parts(of: id).instanceNumber
        }

        /// `miniflake_id_at(time [, layout])`: the smallest ID at a moment, from ISO 8601 text or
        /// an integer of milliseconds since 1970.
        public static let idAt = DatabaseFunction("miniflake_id_at", pure: true) { arguments in
            let layout = try layout(arguments)
            let milliseconds: Int64
            switch arguments[0].storage {
            case .null:
                return nil
            case .int64(let value):
                milliseconds = value
            case .string(let text):
                guard let value = ISO8601Time.millisecondsSince1970(parsing: text) else {
                    throw FlakeSQLFunctionError(.invalidTime, "'\(text.prefix(40))' is not an ISO 8601 time")
                }
                milliseconds = value
            default:
                throw FlakeSQLFunctionError(.invalidTime, "give ISO 8601 text or an integer of milliseconds")
            }
            do {
                return try layout.firstID(atMillisecondsSince1970: milliseconds)
            } catch {
                let code: FlakeSQLFunctionError.Code =
                    milliseconds < layout.epochMillisecondsSince1970 ? .beforeEpoch : .afterLastTick
                throw FlakeSQLFunctionError(code, "\(milliseconds) ms since 1970 is outside layout \(layout.name)")
            }
        }

        /// A function of an ID and an optional layout; `NULL` in, `NULL` out.
        static func decoding(
            _ name: String, _ body: @escaping @Sendable (FlakeLayout, FlakeID) -> any DatabaseValueConvertible
        ) -> DatabaseFunction {
            DatabaseFunction(name, pure: true) { arguments in
                let layout = try layout(arguments)
                switch arguments[0].storage {
                case .null:
                    return nil
                case .int64(let raw):
                    guard let id = FlakeID(rawValue: raw) else {
                        throw FlakeSQLFunctionError(.negative, "\(raw) is negative; IDs are never negative")
                    }
                    guard layout.contains(id) else {
                        throw FlakeSQLFunctionError(
                            .afterLastTick, FlakeError.afterLastTick(id, layout: layout).message)
                    }
                    return body(layout, id)
                default:
                    throw FlakeSQLFunctionError(.notAnID, "\(arguments[0]) is not an INTEGER")
                }
            }
        }

        /// The layout a function's arguments name: the second, or MiniFlake's when there is
        /// only one.
        private static func layout(_ arguments: [DatabaseValue]) throws -> FlakeLayout {
            guard (1...2).contains(arguments.count) else {
                throw FlakeSQLFunctionError(.wrongArgumentCount, "give a value and, optionally, a layout name")
            }
            guard arguments.count == 2 else { return .miniFlake }
            guard case .string(let name) = arguments[1].storage, let layout = FlakeLayout.preset(named: name) else {
                let names = FlakeLayout.presets.map(\.name).joined(separator: ", ")
                throw FlakeSQLFunctionError(.unknownLayout, "\(arguments[1]) names no layout; use one of \(names)")
            }
            return layout
        }
    }
#endif
