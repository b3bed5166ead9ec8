#if CLI
    import ArgumentParser
    import MiniFlake

    /// The `--from` option: the text format input IDs are written in.
    struct InputFormatOptions: ParsableArguments {
        /// The format's name as given.
        @Option(
            help: ArgumentHelp(
                "The format input IDs are written in: \(ArgumentValues.textFormatNames.joined(separator: ", ")).",
                valueName: "format"),
            completion: .list(ArgumentValues.textFormatNames))
        var from: String = FlakeTextFormat.decimal.rawValue

        /// The format the name stands for.
        ///
        /// - Throws: `ValidationError` naming the unknown format.
        func resolved() throws -> FlakeTextFormat {
            try ArgumentValues.textFormat(from, option: "--from")
        }

        /// Rejects an unknown format while parsing.
        func validate() throws {
            _ = try resolved()
        }
    }
#endif
