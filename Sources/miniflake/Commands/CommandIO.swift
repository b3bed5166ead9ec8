#if CLI
    /// The streams a command reads and writes: standard output, standard error and standard
    /// input for the real program, captures in tests.
    struct CommandIO {
        /// Where results go.
        var output: any TextOutput
        /// Where complaints go, one line each.
        var errors: any TextOutput
        /// Where IDs are read from when none are given as arguments.
        var input: any LineInput

        /// The process's own standard output, standard error and standard input.
        static func standard() -> CommandIO {
            CommandIO(
                output: FileDescriptorOutput.standardOutput,
                errors: FileDescriptorOutput.standardError,
                input: FileLineReader(descriptor: 0))
        }
    }
#endif
