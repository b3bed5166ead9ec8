#if GRDB
    import GRDB
    import MiniFlake

    extension FlakeSQLFunctions {
        /// `miniflake_to_uuid(id [, layout])`: the canonical text of the ID's version-7 UUID.
        public static let toUUID = decoding("miniflake_to_uuid") { layout, id in
            // `decoding` has checked the ID against the layout, which is a preset: it has a UUID.
            guard let uuid = try? FlakeUUID(id, layout: layout) else { return DatabaseValue.null }
            return uuid.uuidString
        }

        /// `miniflake_from_uuid(uuid)`: the ID a UUID's text holds.
        public static let fromUUID = readingUUID("miniflake_from_uuid") { $0.id }

        /// `miniflake_uuid_layout(uuid)`: the name of the layout a UUID's text names.
        public static let uuidLayout = readingUUID("miniflake_uuid_layout") { $0.layout.name }

        /// A function of a UUID's text; `NULL` in, `NULL` out.
        private static func readingUUID(
            _ name: String, _ body: @escaping @Sendable (FlakeUUID) -> any DatabaseValueConvertible
        ) -> DatabaseFunction {
            DatabaseFunction(name, argumentCount: 1, pure: true) { arguments in
                switch arguments[0].storage {
                case .null:
                    return nil
                case .string(let text):
                    do throws(FlakeUUIDError) {
                        return body(try FlakeUUID(parsing: text))
                    } catch {
                        throw FlakeSQLFunctionError(error)
                    }
                default:
                    throw FlakeSQLFunctionError(.malformedUUID, "\(arguments[0]) is not the text of a UUID")
                }
            }
        }
    }
#endif
