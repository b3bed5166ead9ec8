#if CLI
    import ArgumentParser
    import MiniFlake

    /// The `--from` option: the text format input IDs are written in.
    struct InputFormatOptions: ParsableArguments {
        /// The format named.
        @Option(help: ArgumentHelp("The format input IDs are written in.", valueName: "format"))
        var from: IDTextFormat = .decimal

        /// The core's format the name stands for.
        var resolved: FlakeTextFormat { from.format }
    }
#endif
