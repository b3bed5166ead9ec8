#if CLI
    import ArgumentParser

    /// How `generate` writes each ID: one of the three text formats, or a JSON line with
    /// all its parts. `--format` takes the name in any case; help and completion list them.
    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        /// Base 10, as `FlakeID.description` writes it.
        case decimal
        /// 16 lowercase hexadecimal digits.
        case hex
        /// 13 Crockford base32 symbols.
        case base32
        /// One JSON object per line: the ID's details, as `GET /v1/id` writes them.
        case json

        /// The format a name stands for, in any case; `nil` for any other text.
        init?(argument: String) {
            self.init(rawValue: argument.lowercased())
        }
    }
#endif
