#if CLI
    import MiniFlake
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    /// `miniflake convert`, run in-process.
    @Suite struct ConvertTests {
        /// The same IDs in decimal, hex and base32.
        static let vectors: [(decimal: String, hex: String, base32: String)] = [
            ("0", "0000000000000000", "0000000000000"),
            ("1", "0000000000000001", "0000000000001"),
            ("175928847299117063", "0271065ac1020007", "04W86BB0G4007"),
            ("2968523523440640007", "2932506aaa120007", "2JCJGDAN14007"),
            ("9223372036854775807", "7fffffffffffffff", "7ZZZZZZZZZZZZ"),
        ]

        /// Each known vector converts from every format to every format.
        @Test func everyDirectionOfTheKnownVectors() async {
            for vector in Self.vectors {
                let texts = ["decimal": vector.decimal, "hex": vector.hex, "base32": vector.base32]
                for (from, input) in texts {
                    for (to, expected) in texts {
                        let run = await InProcessRun.run(["convert", "--from", from, "--to", to, input])
                        #expect(run.status == 0)
                        #expect(run.stdout == expected + "\n", "\(from) \(input) to \(to)")
                    }
                }
            }
        }

        /// Without `--from`, decimal input is read as decimal.
        @Test func decimalIsTheDefaultInput() async {
            let run = await InProcessRun.run(["convert", "--to", "base32"] + Self.vectors.map(\.decimal))
            #expect(run.output.lines == Self.vectors.map(\.base32))
        }

        /// Base32 input may be lower case, hyphenated, and use O, I and L.
        @Test func base32InputFollowsCrockford() async {
            let run = await InProcessRun.run([
                "convert", "--from", "base32", "--to", "decimal", "04w86-bb0g4-OO7", "ooooooooooo-iL",
            ])
            #expect(run.status == 0)
            #expect(run.output.lines == ["175928847299117063", "33"])
        }

        /// Base32 text of any other length than 13 symbols is a typo, not an ID: it is
        /// reported with its count and the others converted.
        @Test func base32TyposAreNotIDs() async {
            let run = await InProcessRun.run([
                "convert", "--from", "base32", "--to", "decimal", "hello", "04W86BB0G4007", "04W86BB0G40070",
            ])
            #expect(run.status == 1)
            #expect(run.output.lines == ["175928847299117063"])
            #expect(
                run.stderr == """
                    invalid base32 ID 'hello': 5 symbols, a base32 ID has 13
                    invalid base32 ID '04W86BB0G40070': 14 symbols, a base32 ID has 13

                    """)
        }

        /// A bad input line is reported by number and the others converted.
        @Test func standardInputWithABadLine() async {
            let run = await InProcessRun.run(["convert", "--to", "hex"], stdin: "1\n2\nx\n\n 5 \r\n")
            #expect(run.status == 1)
            #expect(run.output.lines == ["0000000000000001", "0000000000000002", "0000000000000005"])
            #expect(run.stderr == "line 3: invalid base32 ID 'x': 1 symbol, a base32 ID has 13\n")
        }

        /// An ID above `Int64.max` is reported and the rest converted.
        @Test func overflowingArgumentsAreReported() async {
            let run = await InProcessRun.run(["convert", "--from", "hex", "--to", "decimal", "8000000000000000", "ff"])
            #expect(run.status == 1)
            #expect(run.output.lines == ["255"])
            #expect(
                run.stderr
                    == "invalid hex ID '8000000000000000': it is larger than the largest ID, 9223372036854775807\n")
        }

        /// Every shared UUID vector: the ID to its UUID under its layout, and back.
        @Test func uuidVectors() async throws {
            let vectors = try SharedVectors.load()
            for layout in FlakeLayout.presets {
                let of = vectors.uuids.filter { $0.layout == layout.name }
                let to = await InProcessRun.run(["convert", "--to", "uuid", "--layout", layout.name] + of.map(\.id))
                #expect(to.status == 0 && to.stderr.isEmpty)
                #expect(to.output.lines == of.map(\.uuid), "\(layout.name)")
                let back = await InProcessRun.run(["convert", "--from", "uuid", "--to", "decimal"] + of.map(\.uuid))
                #expect(back.output.lines == of.map(\.id), "\(layout.name)")
            }
            for vector in vectors.refusedUUIDs {
                let run = await InProcessRun.run(["convert", "--from", "uuid", "--to", "hex", vector.input])
                #expect(run.status == 1 && run.stdout.isEmpty)
                #expect(run.stderr.hasPrefix(vector.code + ": "), "\(vector.note): \(run.stderr)")
                #expect(run.errors.lines.count == 1)
            }
        }

        /// A UUID's layout is its own, whatever `--layout` says; an ID the layout cannot hold
        /// has no UUID; a bad line is reported by number and the others converted.
        @Test func uuidLayoutsAndRefusals() async {
            let discord = "015466e4-1b04-704e-8832-d60810003a2a"
            let run = await InProcessRun.run(["convert", "--to", "uuid", "--layout", "discord", "175928847299117063"])
            #expect(run.stdout == discord + "\n")
            let back = await InProcessRun.run([
                "convert", "--from", "UUID", "--to", "uuid", "--layout", "js53", discord.uppercased(),
            ])
            #expect(back.stdout == discord + "\n")
            let js = await InProcessRun.run(
                ["convert", "--to", "uuid", "--layout", "js53"], stdin: "1\n9007199254740992\n")
            #expect(js.status == 1)
            #expect(js.output.lines.count == 1)
            #expect(
                js.stderr
                    == "line 2: after_last_tick: ID 9007199254740992 does not fit layout js53: its timestamp would be "
                    + "past the last tick (the largest ID is 9007199254740991)\n")
            let random = await InProcessRun.run([
                "convert", "--from", "uuid", "--to", "decimal", "a0d8e602-9e05-4d82-ba23-c43e5612dc20",
            ])
            #expect(random.stderr == "not_version_7: UUID a0d8e602-9e05-4d82-ba23-c43e5612dc20 is version 4, not 7\n")
        }

        /// Leaving out `--to` is a usage error.
        @Test func toIsRequired() async {
            let run = await InProcessRun.run(["convert", "1"])
            #expect(run.status == 2)
            #expect(run.stderr == "miniflake: missing expected argument '--to <format>'\n")
        }
    }
#endif
