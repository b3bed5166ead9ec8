#if CLI
    import ArgumentParser

    /// A subcommand that does all its input and output through a ``CommandIO``, so it can be
    /// run in-process (by tests, say) with its streams captured.
    protocol IOCommand: ParsableCommand {
        /// Runs the command and returns its exit status (see ``ExitStatus``).
        ///
        /// - Throws: `ValidationError` for a usage error found late, or an error that stops the
        ///   command (the generator failing, an unwritable output).
        func run(io: CommandIO) throws -> Int32
    }

    extension IOCommand {
        /// Runs the command on the process's standard streams, for callers that use
        /// ArgumentParser's own `main()`; a non-zero status becomes an `ExitCode`.
        mutating func run() throws {
            let status = try run(io: .standard())
            if status != ExitStatus.success {
                throw ExitCode(status)
            }
        }
    }
#endif
