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

        /// Reads one ID in the form named, or in any form (all digits is decimal; the reading
        /// names the other forms that read the text, for the answer to say).
        ///
        /// - Throws: `FlakeIDInputError`.
        func read(_ text: Substring, layout: FlakeLayout) throws(FlakeIDInputError) -> FlakeIDReading {
            try FlakeIDInput.read(text, as: from, layout: layout)
        }

        /// The line to print for text that could not be read: the error's message.
        static func problem(_ error: FlakeIDInputError) -> String {
            error.message
        }
    }

    extension FlakeIDForm: ExpressibleByArgument {
        /// The form a name stands for, in any case; `nil` for any other text.
        package init?(argument: String) {
            self.init(rawValue: argument.lowercased())
        }
    }
#endif
