#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport

    /// `miniflake at`: the smallest ID of the tick that holds a moment, for range queries.
    struct At: IOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "Print the smallest ID at a moment, for queries such as 'id >= A AND id < B'.",
            discussion: """
                Takes ISO 8601 moments: a date (midnight UTC), or a date and a time with Z, \
                an offset such as +01:00, or no zone for UTC; fractions of a second are \
                floored to the millisecond. Prints, for each, the ID with that moment's tick, \
                sequence 0 and instance 0: every ID made at or after the start of the tick is \
                at least that ID, every ID made before it is smaller.

                A moment that cannot be read, or that falls outside the layout's time, is \
                reported on standard error and the others are still printed; the exit status \
                is then 1.

                Examples:
                  miniflake at 2026-03-01T00:00:00Z 2026-04-01T00:00:00Z
                  miniflake at --layout js53 --format hex 2026-03-01
                """
        )

        /// The format to write the IDs in.
        @Option(help: "The format to write.")
        var format: IDTextFormat = .decimal

        /// The layout of the IDs.
        @OptionGroup var layoutOptions: LayoutOptions

        /// The moments.
        @Argument(help: ArgumentHelp("ISO 8601 moments, such as 2026-03-01T00:00:00Z.", valueName: "time"))
        var times: [String]

        /// Refuses a command line without a moment.
        func validate() throws {
            guard !times.isEmpty else {
                throw ValidationError("give at least one moment, such as 2026-03-01T00:00:00Z")
            }
        }

        /// Prints each moment's first ID, reporting the ones that cannot be read or fall outside
        /// the layout.
        func run(io: CommandIO) throws -> Int32 {
            let layout = layoutOptions.resolved
            let target = format.format
            var failed = false
            for time in times {
                let id: FlakeID
                do throws(AtError) {
                    id = try Self.firstID(at: time, layout: layout)
                } catch {
                    failed = true
                    try io.errors.write("\(error.message)\n")
                    continue
                }
                try io.output.write(target.format(id) + "\n")
            }
            return failed ? ExitStatus.failure : ExitStatus.success
        }

        /// The first ID at a moment written as text.
        static func firstID(at text: String, layout: FlakeLayout) throws(AtError) -> FlakeID {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            guard let milliseconds = ISO8601Time.millisecondsSince1970(parsing: text) else {
                throw AtError(
                    message: "invalid time '\(shown)': use ISO 8601, such as 2026-03-01 or 2026-03-01T12:00:00Z")
            }
            do {
                return try layout.firstID(atMillisecondsSince1970: milliseconds)
            } catch {
                let first = ISO8601Time.string(millisecondsSince1970: layout.epochMillisecondsSince1970)
                let last = ISO8601Time.string(millisecondsSince1970: layout.lastMillisecondsSince1970)
                throw AtError(
                    message: "time '\(shown)' is outside the \(layout.name) layout's time, \(first) to \(last)")
            }
        }

        /// A moment that has no first ID, and why.
        struct AtError: Error {
            /// One line for a person.
            let message: String
        }
    }
#endif
