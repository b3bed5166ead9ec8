#if CLI
    import ArgumentParser
    import MiniFlake

    /// What `convert` reads and writes: a text format of the ID alone, or the version-7 UUID
    /// that carries the ID and its layout. `--from` and `--to` take the name in any case; help
    /// and completion list them.
    enum ConvertFormat: ExpressibleByArgument, CaseIterable, CustomStringConvertible, Equatable {
        /// Decimal, hex or base32.
        case text(FlakeTextFormat)
        /// The canonical text of a ``FlakeUUID``.
        case uuid

        /// The text formats, then `uuid`.
        static let allCases: [ConvertFormat] = FlakeTextFormat.allCases.map(ConvertFormat.text) + [.uuid]

        /// The format a name stands for, in any case; `nil` for any other text.
        init?(argument: String) {
            guard let format = Self.allCases.first(where: { $0.description == argument.lowercased() }) else {
                return nil
            }
            self = format
        }

        /// The format's name: `decimal`, `hex`, `base32` or `uuid`.
        var description: String {
            switch self {
            case .text(let format): format.rawValue
            case .uuid: "uuid"
            }
        }
    }
#endif
