#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport

    /// The `--from` option: the form input IDs are written in, or any form when it is not given,
    /// read by the same parser as the HTTP service's `GET /v1/ids/{id}` (`FlakeIDInput`).
    struct InputFormatOptions: ParsableArguments {
        /// The form named, or `nil` to read any.
        @Option(
            help: ArgumentHelp(
                "The form input IDs are written in: decimal, hex, base32 or uuid. Default: any of them.",
                valueName: "form"))
        var from: FlakeIDForm?

        /// Reads one ID in the form named, or in any form.
        ///
        /// - Throws: `FlakeIDInputError`; for text that several forms read, its message names
        ///   `--from`.
        func read(_ text: Substring, layout: FlakeLayout) throws(FlakeIDInputError) -> FlakeIDReading {
            try FlakeIDInput.read(
                text, as: from, layout: layout, nowMillisecondsSince1970: FlakeClock.system.millisecondsSince1970())
        }

        /// The line to print for text that could not be read: the error's message, and for
        /// text that several forms read, how to choose one.
        static func problem(_ error: FlakeIDInputError) -> String {
            guard case .ambiguous(let forms) = error.reason else { return error.message }
            return error.message + "; choose with " + forms.map { "--from \($0.rawValue)" }.joined(separator: " or ")
        }
    }

    extension FlakeIDForm: ExpressibleByArgument {
        /// The form a name stands for, in any case; `nil` for any other text.
        package init?(argument: String) {
            self.init(rawValue: argument.lowercased())
        }
    }
#endif
