#if CLI
    import ArgumentParser
    import MiniFlake

    /// The `--layout` option the commands that read an ID's parts share.
    struct LayoutOptions: ParsableArguments {
        /// The preset named.
        @Option(help: "The bit layout of the IDs.")
        var layout: LayoutPreset = .miniFlake

        /// The layout the preset stands for.
        var resolved: FlakeLayout { layout.layout }
    }
#endif
