#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport

    /// `miniflake generate`: makes new IDs and prints them one per line.
    struct Generate: IOCommand {
        /// The name, help text and examples ArgumentParser shows for the command.
        static let configuration = CommandConfiguration(
            abstract: "Make new IDs and print them, one per line.",
            discussion: """
                IDs come from one generator, so they are unique and increasing. Without \
                --instance, the generator takes a free instance number from this process's \
                pool (--verbose says which); give --instance to keep IDs from several \
                machines or processes apart. Large counts stream: IDs are made in batches \
                and written in 64 KiB blocks, never held all at once. A layout makes only so \
                many IDs per tick (4096 per millisecond for miniflake), so very large counts \
                wait for the clock.

                --format json prints one JSON object per line with every part of the ID: \
                id (a decimal string), base32, hex, time (ISO 8601 UTC), \
                millisecondsSince1970, sequence, instance and layout.

                Examples:
                  miniflake generate                          one ID
                  miniflake generate -n 1000 > ids.txt        a thousand IDs
                  miniflake generate -n 3 --format base32 --instance 7
                  miniflake generate --layout twitter --format json
                """
        )

        /// How many IDs to make.
        @Option(
            name: [.customShort("n"), .customLong("count")], parsing: .unconditional,
            help: ArgumentHelp("How many IDs to make: a positive number. (default: 1)", valueName: "count"),
            transform: IDCount.init(parsing:))
        var count: IDCount = .one

        /// The instance number, or `nil` to take one from the pool.
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The generator's instance number, 0 to the layout's maximum (1023 for miniflake). Default: a free number from the in-process pool.",
                valueName: "number"),
            transform: InstanceNumber.init(parsing:))
        var instance: InstanceNumber?

        /// The layout of the IDs.
        @OptionGroup var layoutOptions: LayoutOptions

        /// The output format.
        @Option(help: "How to print each ID.")
        var format: OutputFormat = .decimal

        /// Whether to say on standard error which instance number was taken.
        @Flag(name: .shortAndLong, help: "Say on standard error which instance number the pool gave.")
        var verbose = false

        /// The largest batch asked of the generator at once.
        static let batchSize = 4096

        /// Refuses an instance number the layout does not have, once `--layout` is known.
        func validate() throws {
            _ = try instance?.checked(for: layoutOptions.resolved)
        }

        /// Makes the IDs and writes them.
        func run(io: CommandIO) throws -> Int32 {
            let layout = layoutOptions.resolved
            let maker: FlakeMaker
            if let instance {
                maker = try FlakeMaker(instance: instance.value, layout: layout)
            } else {
                maker = try InProcessFlakeMaker(layout: layout)
                if verbose {
                    try io.errors.write(
                        "miniflake: using instance \(maker.instanceNumber) from the in-process pool"
                            + " (\(layout.name) layout)\n")
                }
            }
            let output = OutputBuffer(sink: io.output)
            do {
                try write(from: maker, layout: layout, to: output)
            } catch {
                // Print the IDs made before the generator failed, then say why it stopped.
                try? output.flush()
                throw error
            }
            try output.flush()
            return ExitStatus.success
        }

        /// Writes `count` IDs in the chosen format.
        private func write(from maker: FlakeMaker, layout: FlakeLayout, to output: OutputBuffer) throws {
            let count = count.value
            switch format {
            case .decimal:
                try Self.write(
                    count, from: maker, to: output, maximumLength: FlakeTextWriter.maximumDecimalLength + 1
                ) { id, out in
                    let length = FlakeTextWriter.decimal(UInt64(id.rawValue), to: out)
                    out[length] = UInt8(ascii: "\n")
                    return length + 1
                }
            case .hex:
                try Self.write(count, from: maker, to: output, maximumLength: 17) { id, out in
                    out[16] = UInt8(ascii: "\n")
                    return FlakeTextWriter.hex(UInt64(id.rawValue), to: out) + 1
                }
            case .base32:
                try Self.write(count, from: maker, to: output, maximumLength: 14) { id, out in
                    out[13] = UInt8(ascii: "\n")
                    return FlakeTextWriter.base32(UInt64(id.rawValue), to: out) + 1
                }
            case .json:
                var json = FlakeIDDetailsJSON(layout: layout)
                try Self.write(count, from: maker, to: output, maximumLength: json.maximumLength + 1) {
                    id, out in
                    let length = json.write(id, to: out)
                    out[length] = UInt8(ascii: "\n")
                    return length + 1
                }
            }
        }

        /// Makes `count` IDs in batches of at most ``batchSize`` and appends each, written by
        /// `format`, to the buffer.
        @inline(__always)
        private static func write(
            _ count: Int,
            from maker: FlakeMaker,
            to output: OutputBuffer,
            maximumLength: Int,
            _ format: (FlakeID, UnsafeMutablePointer<UInt8>) -> Int
        ) throws {
            let batchSize = min(Self.batchSize, maker.maximumBatchCount)
            var remaining = count
            while remaining > 0 {
                let batch = try maker.nextBlocking(count: min(remaining, batchSize))
                try output.append(batch, maximumLength: maximumLength, format)
                remaining -= batch.count
            }
        }
    }
#endif
