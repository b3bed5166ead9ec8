#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport

    /// `miniflake decode`: shows when an ID was made, its sequence and its instance number.
    struct Decode: IOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "Show each ID's time, sequence and instance number.",
            discussion: """
                Takes IDs as arguments, or reads them from standard input, one per line, when \
                none are given. Times are the start of the ID's tick in UTC, ISO 8601 with \
                milliseconds. Prints an aligned table, or with --json one JSON object per \
                line (the same fields as 'generate --format json').

                IDs may be written in decimal, hex (16 digits, or 0x and up to 16), base32 \
                (13 symbols) or as the ID's UUID, the forms the HTTP service reads; --from \
                reads only one. All digits is decimal: text that another form reads too (16 \
                or 13 digits) gets a note saying so, or with --json the fields readAs and \
                alsoReadsAs. An ID whose time is in the future gets a note naming the preset \
                layouts that read it as a past time.

                An ID that cannot be read, or that the layout cannot hold (a bit set above \
                its fields, such as a js53 value above 2^53 - 1: after_last_tick), is \
                reported on standard error (with its line number when read from standard \
                input) and the others are still decoded; the exit status is then 1.

                Examples:
                  miniflake decode 960471290085376007
                  miniflake decode --layout discord 175928847299117063
                  miniflake decode --from base32 --json 0TN27HJQ80007
                  miniflake generate -n 3 | miniflake decode
                """
        )

        /// Whether to print JSON lines rather than a table.
        @Flag(help: "Print one JSON object per line instead of a table.")
        var json = false

        /// The layout to read the IDs with.
        @OptionGroup var layoutOptions: LayoutOptions

        /// The format the IDs are written in.
        @OptionGroup var inputFormat: InputFormatOptions

        /// The IDs to decode.
        @Argument(help: ArgumentHelp("IDs to decode; read from standard input when none are given.", valueName: "id"))
        var ids: [String] = []

        /// Decodes every ID, reporting the ones that cannot be read.
        func run(io: CommandIO) throws -> Int32 {
            let layout = layoutOptions.resolved
            let output = OutputBuffer(sink: io.output)
            let table = DecodeTable(layout: layout, format: inputFormat.from?.textFormat)
            var details = FlakeIDDetailsJSON(layout: layout)
            var wroteHeader = false
            var failed = false
            var hints: [String] = []
            try IDSource(arguments: ids).forEach(input: io.input, beforeWaiting: output.flush) { text, line in
                let reading: FlakeIDReading
                do throws(FlakeIDInputError) {
                    reading = try inputFormat.read(text, layout: layout)
                } catch {
                    failed = true
                    try output.flush()
                    try io.errors.write(IDSource.prefix(line: line) + InputFormatOptions.problem(error) + "\n")
                    return
                }
                let idLayout = reading.uuidLayout ?? layout
                guard idLayout.contains(reading.id) else {
                    failed = true
                    try output.flush()
                    let refusal = FlakeError.afterLastTick(reading.id, layout: idLayout)
                    try io.errors.write(IDSource.prefix(line: line) + "\(refusal.code): \(refusal.message)\n")
                    return
                }
                if reading.uuidLayout == nil, hints.isEmpty, let hint = FutureTimeHint(reading.id, layout: layout) {
                    hints.append(IDSource.prefix(line: line) + hint.message)
                }
                if json {
                    var json = idLayout == layout ? details : FlakeIDDetailsJSON(layout: idLayout)
                    let maximumLength = json.maximumLength + FlakeIDReading.maximumFormFieldsLength + 1
                    try output.append(maximumLength: maximumLength) { out in
                        let length = reading.writeFormFields(to: out, objectLength: json.write(reading.id, to: out))
                        out[length] = UInt8(ascii: "\n")
                        return length + 1
                    }
                    if idLayout == layout { details = json }
                    return
                }
                if !wroteHeader {
                    try output.append(table.header)
                    wroteHeader = true
                }
                try output.append(maximumLength: table.maximumRowLength) { table.writeRow(for: reading, to: $0) }
                if let note = reading.note(for: text) {
                    try output.flush()
                    try io.errors.write(IDSource.prefix(line: line) + note + "\n")
                }
            }
            try output.flush()
            for hint in hints { try io.errors.write(hint + "\n") }
            return failed ? ExitStatus.failure : ExitStatus.success
        }
    }
#endif
