#if CLI
    import ArgumentParser

    /// The `miniflake` command: make, read and check MiniFlake IDs from a shell.
    struct MiniFlakeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "miniflake",
            abstract: "Make, decode, convert and validate compact time-ordered 64-bit IDs.",
            version: "0.1.0",
            subcommands: [Generate.self, Decode.self, Convert.self, Validate.self, Bench.self],
            defaultSubcommand: Generate.self
        )
    }
#endif
