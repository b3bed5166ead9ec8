#if CLI
    import ArgumentParser

    /// Parses a command line, runs the command, and turns every outcome into an exit status
    /// and at most one line on standard error.
    ///
    /// ArgumentParser's own `main()` exits with 64 for usage errors and prints the usage text
    /// after the message; `miniflake` promises exit status 2 and a single line, so it parses
    /// and runs commands itself:
    ///
    /// - `--help`, `--version` and `--generate-completion-script` print to standard output and
    ///   exit with 0.
    /// - A usage error prints `miniflake: MESSAGE` and exits with 2.
    /// - A command's own outcome decides the rest (see ``ExitStatus``); an error that stops a
    ///   command prints `miniflake: MESSAGE` and exits with 1.
    enum CommandRunner {
        /// Runs `miniflake` with the arguments (without the program name) and returns the
        /// exit status.
        static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
            #if !Server
                if arguments.first == "serve" {
                    try? io.errors.write(
                        "miniflake: serve needs the Server trait: build with --traits CLI,Server\n")
                    return ExitStatus.usage
                }
            #endif
            var command: any ParsableCommand
            do {
                command = try MiniFlakeCommand.parseAsRoot(arguments)
            } catch {
                return report(error, io: io, status: ExitStatus.usage)
            }
            do {
                if let command = command as? any AsyncIOCommand {
                    return try await command.run(io: io)
                }
                if let command = command as? any IOCommand {
                    return try command.run(io: io)
                }
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
                return ExitStatus.success
            } catch let error as ExitCode {
                return error.rawValue
            } catch let error as ValidationError {
                return report(error, io: io, status: ExitStatus.usage)
            } catch let error as OutputWriteError where error.isBrokenPipe {
                // The reader has gone, as with `miniflake generate -n 1000000 | head`: stop quietly.
                return ExitStatus.failure
            } catch {
                return report(error, io: io, status: ExitStatus.failure)
            }
        }

        /// Prints what ArgumentParser says about an error: help and version text on standard
        /// output with status 0, anything else as one line on standard error with `status`.
        private static func report(_ error: any Error, io: CommandIO, status: Int32) -> Int32 {
            if MiniFlakeCommand.exitCode(for: error).isSuccess {
                let text = MiniFlakeCommand.fullMessage(for: error)
                try? io.output.write(text.hasSuffix("\n") ? text : text + "\n")
                return ExitStatus.success
            }
            try? io.errors.write("miniflake: \(oneLine(MiniFlakeCommand.message(for: error)))\n")
            return status
        }

        /// The message as one line (its lines joined with `; `) starting in lower case, as
        /// `miniflake`'s own messages do: `Unknown option '--x'` becomes `unknown option '--x'`.
        static func oneLine(_ message: String) -> String {
            let lines = message.split(whereSeparator: \.isNewline).map {
                $0.trimmingPrefix(while: \.isWhitespace)
            }
            let joined = lines.filter { !$0.isEmpty }.joined(separator: "; ")
            guard let first = joined.first else { return "unknown error" }
            let second = joined.dropFirst().first
            if first.isUppercase, second?.isLowercase ?? false {
                return first.lowercased() + joined.dropFirst()
            }
            return joined
        }
    }
#endif
