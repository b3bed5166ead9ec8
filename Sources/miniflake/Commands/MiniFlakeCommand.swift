#if CLI
    import ArgumentParser

    /// The `miniflake` command: make, read and check MiniFlake IDs from a shell.
    struct MiniFlakeCommand: ParsableCommand {
        /// The commands under `miniflake`.
        static let subcommands: [any ParsableCommand.Type] =
            [
                Generate.self, Decode.self, Convert.self, Validate.self, At.self, Lease.self,
            ] + serverSubcommands

        #if Server
            /// `serve`, which only a build with the Server trait has.
            static let serverSubcommands: [any ParsableCommand.Type] = [Serve.self]
        #else
            /// None: `serve` needs the Server trait (`--traits CLI,Server`).
            static let serverSubcommands: [any ParsableCommand.Type] = []
        #endif

        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            commandName: "miniflake",
            abstract: "Make, decode, convert and validate compact time-ordered 64-bit IDs.",
            discussion: """
                Without a subcommand, miniflake runs 'generate'. IDs are read and written in \
                decimal unless --from/--to/--format say otherwise; --layout picks the bit \
                layout (miniflake, twitter, discord, sonyflake or js53).

                Examples:
                  miniflake                                  one new ID
                  miniflake -n 5 --format base32             five new IDs in base32
                  miniflake decode 960471290085376007       its time, sequence, instance
                  miniflake decode --layout discord 175928847299117063
                  miniflake convert --to hex 960471290085376007
                  miniflake validate --max-skew 5s --instances 0-15 960471290085376007
                  miniflake at 2026-03-01T00:00:00Z          the smallest ID at that moment
                  miniflake serve --port 8080 --instance 3   an HTTP ID service (Server trait)
                  miniflake lease list                       instance numbers leased on this host
                  miniflake --generate-completion-script zsh > _miniflake

                Exit status: 0 on success; 1 when an ID fails validation or an input ID \
                cannot be read (the others are still processed); 2 for a usage error such \
                as an unknown option, layout or format, or a count that is not positive.
                """,
            version: MiniFlakeVersion.current,
            subcommands: subcommands,
            defaultSubcommand: Generate.self
        )
    }
#endif
