#if CLI
    import ArgumentParser

    /// An ``IOCommand`` that has to wait for something, such as a database: it does all its
    /// input and output through a ``CommandIO`` and runs in-process in tests.
    protocol AsyncIOCommand: AsyncParsableCommand {
        /// Runs the command and returns its exit status (see ``ExitStatus``).
        ///
        /// - Throws: `ValidationError` for a usage error found late, or an error that stops the
        ///   command (a lease backend that cannot be reached, an unwritable output).
        func run(io: CommandIO) async throws -> Int32
    }

    extension AsyncIOCommand {
        /// Runs the command on the process's standard streams, for callers that use
        /// ArgumentParser's own `main()`; a non-zero status becomes an `ExitCode`.
        mutating func run() async throws {
            let status = try await run(io: .standard())
            if status != ExitStatus.success {
                throw ExitCode(status)
            }
        }
    }
#endif
