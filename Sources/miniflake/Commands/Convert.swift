#if CLI
    import ArgumentParser
    import MiniFlake

    /// `miniflake convert`: rewrites IDs from one text format in another.
    struct Convert: IOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "Rewrite IDs in another format: decimal, hex or base32.",
            discussion: """
                Takes IDs as arguments, or reads them from standard input, one per line, when \
                none are given, and prints each in the --to format, one per line. Hex is 16 \
                lowercase digits and base32 13 Crockford symbols, both zero-padded so they \
                sort like the numbers; base32 input must have its 13 symbols, in any case, \
                hyphens allowed between them.

                An ID that cannot be read is reported on standard error (with its line \
                number when read from standard input) and the others are still converted; \
                the exit status is then 1.

                Examples:
                  miniflake convert --to base32 2968523523440640007
                  miniflake convert --from base32 --to hex 2JCJGDAN14007
                  miniflake generate -n 5 | miniflake convert --to hex
                """
        )

        /// The format to write, as given.
        @Option(
            help: ArgumentHelp(
                "The format to write: \(ArgumentValues.textFormatNames.joined(separator: ", ")).",
                valueName: "format"),
            completion: .list(ArgumentValues.textFormatNames))
        var to: String

        /// The format the IDs are written in.
        @OptionGroup var inputFormat: InputFormatOptions

        /// The IDs to convert.
        @Argument(
            help: ArgumentHelp("IDs to convert; read from standard input when none are given.", valueName: "id"))
        var ids: [String] = []

        /// Rejects an unknown `--to` format while parsing.
        func validate() throws {
            _ = try ArgumentValues.textFormat(to, option: "--to")
        }

        /// Converts every ID, reporting the ones that cannot be read.
        func run(io: CommandIO) throws -> Int32 {
            let source = try inputFormat.resolved()
            let target = try ArgumentValues.textFormat(to, option: "--to")
            let output = OutputBuffer(sink: io.output)
            var failed = false
            try IDSource(arguments: ids).forEach(input: io.input, beforeWaiting: output.flush) { text, line in
                let id: FlakeID
                do throws(FlakeParseError) {
                    id = try source.parse(text)
                } catch {
                    failed = true
                    try output.flush()
                    try io.errors.write(IDSource.prefix(line: line) + error.description + "\n")
                    return
                }
                try output.append(maximumLength: FlakeTextWriter.maximumDecimalLength + 1) { out in
                    let bits = UInt64(id.rawValue)
                    let length =
                        switch target {
                        case .decimal: FlakeTextWriter.decimal(bits, to: out)
                        case .hex: FlakeTextWriter.hex(bits, to: out)
                        case .base32: FlakeTextWriter.base32(bits, to: out)
                        }
                    out[length] = UInt8(ascii: "\n")
                    return length + 1
                }
            }
            try output.flush()
            return failed ? ExitStatus.failure : ExitStatus.success
        }
    }
#endif
