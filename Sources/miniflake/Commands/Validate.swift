#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport

    /// `miniflake validate`: checks IDs from outside with `FlakeValidator`.
    struct Validate: IOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "Check that IDs are plausible: not from the future, from allowed instances.",
            discussion: """
                Checks each ID as a server would check IDs that clients made: its time must \
                not be before the layout's epoch nor more than --max-skew ahead of this \
                machine's clock, and with --instances its instance number must be in the set. \
                Takes IDs as arguments, or reads them from standard input, one per line.

                Prints nothing for IDs that pass. For each ID that fails, or cannot be read \
                at all, prints one line on standard error: the ID (or input line number), \
                then why. Exit status: 0 when every ID passes, 1 when any fails, 2 for a \
                usage error.

                --max-skew takes a whole number with ms, s, m or h after it (a bare number \
                is milliseconds); --instances takes numbers and ranges separated by commas.

                Examples:
                  miniflake validate 960471290085376007
                  miniflake validate --max-skew 500ms --instances 0-15,32 960471290085376007
                  miniflake validate --layout discord --max-skew 1m < ids.txt
                """
        )

        /// The most an ID's time may be ahead of the clock.
        @Option(
            help: ArgumentHelp(
                "How far ahead of this machine's clock an ID's time may be: 500ms, 5s, 2m, 1h; a bare number is milliseconds. (default: 5s)",
                valueName: "duration"),
            transform: Milliseconds.init(parsing:))
        var maxSkew = Milliseconds(5000)

        /// The allowed instance numbers, or `nil` to allow all.
        @Option(
            help: ArgumentHelp(
                "The instance numbers allowed, as numbers and ranges: 0-15,32,40-41. Default: all.",
                valueName: "list"),
            transform: InstanceRanges.init(parsing:))
        var instances: InstanceRanges?

        /// The layout to read the IDs with.
        @OptionGroup var layoutOptions: LayoutOptions

        /// The format the IDs are written in.
        @OptionGroup var inputFormat: InputFormatOptions

        /// The IDs to check.
        @Argument(help: ArgumentHelp("IDs to check; read from standard input when none are given.", valueName: "id"))
        var ids: [String] = []

        /// The validator the options describe.
        var validator: FlakeValidator {
            FlakeValidator(
                layout: layoutOptions.resolved, maximumSkew: .milliseconds(maxSkew.value),
                allowedInstances: instances?.numbers)
        }

        /// Refuses instance numbers the layout does not have, once `--layout` is known.
        func validate() throws {
            try instances?.check(for: layoutOptions.resolved, option: "--instances")
        }

        /// Checks every ID and reports each failure.
        func run(io: CommandIO) throws -> Int32 {
            try run(io: io, validator: validator)
        }

        /// Checks every ID with a given validator (tests pass one with a fixed clock).
        func run(io: CommandIO, validator: FlakeValidator) throws -> Int32 {
            let layout = layoutOptions.resolved
            var failed = false
            try IDSource(arguments: ids).forEach(input: io.input) { text, line in
                let reading: FlakeIDReading
                do throws(FlakeIDInputError) {
                    reading = try inputFormat.read(text, layout: layout)
                } catch {
                    failed = true
                    try io.errors.write(IDSource.prefix(line: line) + InputFormatOptions.problem(error) + "\n")
                    return
                }
                if let note = reading.note(for: text) { try io.errors.write(IDSource.prefix(line: line) + note + "\n") }
                let problem: String
                if let other = reading.uuidLayout, other != layout {
                    problem = "\(text): the UUID holds a \(other.name) ID; check it with --layout \(other.name)"
                } else {
                    do throws(FlakeValidationError) {
                        try validator.validate(reading.id)
                        return
                    } catch {
                        problem = "\(text): \(error.description)"
                    }
                }
                failed = true
                try io.errors.write(IDSource.prefix(line: line) + problem + "\n")
            }
            return failed ? ExitStatus.failure : ExitStatus.success
        }
    }
#endif
