#if CLI
    import ArgumentParser
    import MiniFlake

    /// What `convert` reads and writes: a text format of the ID alone, or the version-7 UUID
    /// that carries the ID and its layout.
    enum ConvertFormat: Equatable {
        /// Decimal, hex or base32.
        case text(FlakeTextFormat)
        /// The canonical text of a ``FlakeUUID``.
        case uuid

        /// The names `--from` and `--to` take, for help and completion.
        static let names = ArgumentValues.textFormatNames + ["uuid"]

        /// The format a name stands for, in any case.
        ///
        /// - Throws: `ValidationError` naming the option and the formats it takes.
        static func named(_ text: String, option: String) throws -> ConvertFormat {
            if text.lowercased() == "uuid" { return .uuid }
            guard let format = FlakeTextFormat(rawValue: text.lowercased()) else {
                let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                throw ValidationError(
                    "invalid \(option) format '\(shown)': must be one of \(names.joined(separator: ", "))")
            }
            return .text(format)
        }
    }
#endif
