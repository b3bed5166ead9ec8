#if CLI
    import ArgumentParser
    import MiniFlake

    /// The `--layout` option the commands that read an ID's parts share.
    struct LayoutOptions: ParsableArguments {
        /// The layout's name as given.
        @Option(
            help: ArgumentHelp(
                "The bit layout: \(ArgumentValues.layoutNames.joined(separator: ", ")).", valueName: "name"),
            completion: .list(ArgumentValues.layoutNames))
        var layout: String = FlakeLayout.miniFlake.name

        /// The preset the name stands for.
        ///
        /// - Throws: `ValidationError` naming the unknown layout.
        func resolved() throws -> FlakeLayout {
            try ArgumentValues.layout(layout)
        }

        /// Rejects an unknown layout while parsing.
        func validate() throws {
            _ = try resolved()
        }
    }
#endif
