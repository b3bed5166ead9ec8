#if CLI
    @testable import miniflake

    /// What running `miniflake` in-process produced.
    struct InProcessRun {
        /// The exit status the program would have had.
        let status: Int32
        /// What went to standard output.
        let output: CapturedOutput
        /// What went to standard error.
        let errors: CapturedOutput

        /// Standard output as text.
        var stdout: String { output.text }
        /// Standard error as text.
        var stderr: String { errors.text }

        /// Runs `miniflake` with the arguments (no program name) and the text as its standard
        /// input, through the same path as the real program.
        static func run(_ arguments: [String], stdin: String = "") async -> InProcessRun {
            let output = CapturedOutput()
            let errors = CapturedOutput()
            let io = CommandIO(output: output, errors: errors, input: StringLineInput(stdin))
            let status = await CommandRunner.run(arguments, io: io)
            return InProcessRun(status: status, output: output, errors: errors)
        }

        /// An IO with captured streams and the text as standard input.
        static func io(stdin: String = "") -> (CommandIO, output: CapturedOutput, errors: CapturedOutput) {
            let output = CapturedOutput()
            let errors = CapturedOutput()
            return (CommandIO(output: output, errors: errors, input: StringLineInput(stdin)), output, errors)
        }
    }
#endif
