#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport

    /// `miniflake convert`: rewrites IDs from one text format in another, or as version-7 UUIDs.
    struct Convert: IOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "Rewrite IDs in another format: decimal, hex, base32 or uuid.",
            discussion: """
                Takes IDs as arguments, or reads them from standard input, one per line, when \
                none are given, and prints each in the --to format, one per line. Hex is 16 \
                lowercase digits and base32 13 Crockford symbols, both zero-padded so they \
                sort like the numbers; base32 input must have its 13 symbols, in any case, \
                hyphens allowed between them.

                uuid is an RFC 9562 version-7 UUID that holds the ID and its --layout (a \
                preset): its time field is the ID's time, so tools that read version-7 UUIDs \
                see when the ID was made, and the UUIDs of one layout sort as the IDs do. \
                --from uuid gives back the ID, whatever --layout says, and refuses a UUID that \
                no ID made (a random one, another version, a changed one) with a code such as \
                not_version_7 or checksum_mismatch.

                An ID that cannot be read, or has no UUID (a js53 value above 2^53 - 1: \
                after_last_tick), is reported on standard error (with its line number when \
                read from standard input) and the others are still converted; the exit \
                status is then 1.

                Examples:
                  miniflake convert --to base32 960471290085376007
                  miniflake convert --from base32 --to hex 0TN27HJQ80007
                  miniflake convert --to uuid --layout discord 175928847299117063
                  miniflake convert --from uuid --to hex 016f5e66-e800-706b-bf16-4800006038f0
                  miniflake generate -n 5 | miniflake convert --to hex
                """
        )

        /// The format to write.
        @Option(help: ArgumentHelp("The format to write.", valueName: "format"))
        var to: FlakeIDForm

        /// The form the IDs are written in, or any.
        @OptionGroup var inputFormat: InputFormatOptions

        /// The layout of the IDs written as UUIDs.
        @Option(help: "The layout of the IDs, for --to uuid.")
        var layout: LayoutPreset = .miniFlake

        /// The IDs to convert.
        @Argument(
            help: ArgumentHelp("IDs to convert; read from standard input when none are given.", valueName: "id"))
        var ids: [String] = []

        /// Converts every ID, reporting the ones that cannot be read.
        func run(io: CommandIO) throws -> Int32 {
            let (target, layout) = (to, layout.layout)
            let output = OutputBuffer(sink: io.output)
            var failed = false
            try IDSource(arguments: ids).forEach(input: io.input, beforeWaiting: output.flush) { text, line in
                let refusal: String
                switch Result(catching: { () throws(FlakeIDInputError) in try inputFormat.read(text, layout: layout) })
                {
                case .success(let reading):
                    do {
                        try Self.write(reading, to: target, layout: layout, output: output)
                        if let note = reading.note(for: text) {
                            try output.flush()
                            try io.errors.write(IDSource.prefix(line: line) + note + "\n")
                        }
                        return
                    } catch let error as FlakeUUIDError {
                        refusal = "\(error.code): \(error.message)"
                    }
                case .failure(let error):
                    refusal = InputFormatOptions.problem(error)
                }
                failed = true
                try output.flush()
                try io.errors.write(IDSource.prefix(line: line) + refusal + "\n")
            }
            try output.flush()
            return failed ? ExitStatus.failure : ExitStatus.success
        }

        /// Writes one ID in the target format, with a line feed; a UUID's ID keeps the UUID's layout.
        ///
        /// - Throws: `FlakeUUIDError` for an ID that has no UUID in the layout; the output's error
        ///   when writing fails.
        private static func write(
            _ reading: FlakeIDReading, to target: FlakeIDForm, layout: FlakeLayout, output: OutputBuffer
        ) throws {
            let id = reading.id
            let idLayout = reading.uuidLayout ?? layout
            guard let format = target.textFormat else {
                try output.append(try FlakeUUID(id, layout: idLayout).uuidString + "\n")
                return
            }
            try output.append(maximumLength: FlakeTextWriter.maximumDecimalLength + 1) { out in
                let bits = UInt64(id.rawValue)
                let length =
                    switch format {
                    case .decimal: FlakeTextWriter.decimal(bits, to: out)
                    case .hex: FlakeTextWriter.hex(bits, to: out)
                    case .base32: FlakeTextWriter.base32(bits, to: out)
                    }
                out[length] = UInt8(ascii: "\n")
                return length + 1
            }
        }
    }
#endif
