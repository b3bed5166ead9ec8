#if CLI
    import Foundation
    import MiniFlake
    import Testing

    @testable import miniflake

    /// `miniflake decode`, run in-process.
    @Suite struct DecodeTests {
        /// Discord's documented example: worker 1, process 0, increment 7.
        static let discordExample = "175928847299117063"

        /// Discord's documented example decodes to its documented parts.
        @Test func discordExampleTable() async {
            let run = await InProcessRun.run(["decode", "--layout", "discord", Self.discordExample])
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(
                run.output.lines == [
                    "ID                   TIME                      SEQUENCE  INSTANCE",
                    "175928847299117063   2016-04-30T11:18:25.796Z         7        32",
                ])
        }

        /// The same example as a JSON line, byte for byte.
        @Test func discordExampleJSON() async throws {
            let run = await InProcessRun.run(["decode", "--layout", "discord", "--json", Self.discordExample])
            #expect(run.status == 0)
            #expect(
                run.stdout
                    == """
                    {"id":"175928847299117063","base32":"04W86BB0G4007","hex":"0271065ac1020007",\
                    "time":"2016-04-30T11:18:25.796Z","millisecondsSince1970":1462015105796,\
                    "sequence":7,"instance":32,"layout":"discord"}

                    """)
        }

        /// `--from` reads hex and base32, and the table shows the ID that way.
        @Test func readsHexAndBase32Input() async {
            let hex = await InProcessRun.run(["decode", "--layout", "discord", "--from", "hex", "0271065ac1020007"])
            let base32 = await InProcessRun.run(["decode", "--layout", "discord", "--from", "base32", "04w86bb0g4007"])
            #expect(hex.output.lines.last == "0271065ac1020007  2016-04-30T11:18:25.796Z         7        32")
            #expect(base32.output.lines.last == "04W86BB0G4007  2016-04-30T11:18:25.796Z         7        32")
        }

        /// A short run of base32 letters is a typo, not an ID from long ago.
        @Test func shortBase32IsRefused() async {
            let run = await InProcessRun.run(["decode", "--from", "base32", "hello", "04w86bb0g4007"])
            #expect(run.status == 1)
            #expect(run.stderr == "invalid base32 ID 'hello': 5 symbols, a base32 ID has 13\n")
            #expect(run.output.lines.count == 2)  // the header and one row
        }

        /// Without `--layout`, IDs are read with the MiniFlake layout.
        @Test func miniFlakeLayoutIsTheDefault() async throws {
            let id = try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: 1_714_564_800_123, sequence: 5, instanceNumber: 1023)
            let run = await InProcessRun.run(["decode", "--json", id.description])
            #expect(run.stdout.contains(#""time":"2024-05-01T12:00:00.123Z","millisecondsSince1970":1714564800123,"#))
            #expect(run.stdout.contains(#""sequence":5,"instance":1023,"layout":"miniflake"}"#))
        }

        /// Sonyflake's 10 ms ticks and 16-bit instance numbers decode.
        @Test func sonyflakeTableWidensTheInstanceColumn() async throws {
            let id = try FlakeLayout.sonyflake.compose(
                millisecondsSince1970: 1_714_564_800_120, sequence: 255, instanceNumber: 65535)
            let run = await InProcessRun.run(["decode", "--layout", "sonyflake", id.description])
            #expect(run.output.lines.last == "\(id)   2024-05-01T12:00:00.120Z       255     65535")
        }

        /// Standard input: blank lines skipped, a bad line reported by number, the rest decoded.
        @Test func readsStandardInputAndReportsBadLinesByNumber() async throws {
            let first = try FlakeLayout.miniFlake.compose(tick: 1000, sequence: 1, instanceNumber: 2)
            let second = try FlakeLayout.miniFlake.compose(tick: 2000, sequence: 3, instanceNumber: 4)
            let run = await InProcessRun.run(["decode", "--json"], stdin: "\(first)\n  \nx\n \(second)\r\n")
            #expect(run.status == 1)
            #expect(run.stderr == "line 3: invalid base32 ID 'x': 1 symbol, a base32 ID has 13\n")
            try #require(run.output.lines.count == 2)
            #expect(run.output.lines[0].hasPrefix("{\"id\":\"\(first)\""))
            #expect(run.output.lines[1].hasPrefix("{\"id\":\"\(second)\""))
        }

        /// Each bad argument gets one line; the good ones are still decoded; status 1.
        @Test func badArgumentsAreReportedAndTheRestDecoded() async {
            // After `--`, even `-5` is an ID argument rather than an option.
            let run = await InProcessRun.run(["decode", "--", "1", "12a", "-5", "99999999999999999999", "2"])
            #expect(run.status == 1)
            #expect(
                run.errors.lines == [
                    "'12a' is not an ID: not decimal digits, 0x and hex digits (or 16 of them), 13 base32 symbols, or a UUID",
                    "invalid decimal ID '-5': an ID has no sign",
                    "invalid decimal ID '99999999999999999999': it has 20 characters, at most 19 allowed",
                ])
            #expect(run.output.lines.count == 3)  // the header and two rows
        }

        /// A js53 value above 2^53 - 1 has a bit above the layout's fields: it is refused with
        /// `after_last_tick`, not decoded to a time past the layout's end.
        @Test func idsAboveTheLayoutsLargestAreRefused() async {
            let run = await InProcessRun.run([
                "decode", "--layout", "js53", "9007199254740991", "9007199254740992", "9223372036854775807",
            ])
            #expect(run.status == 1)
            #expect(run.output.lines.count == 2)  // the header and 2^53 - 1
            // The third line is the note that 2^53 - 1 is far in the future in js53.
            #expect(run.errors.lines.last?.hasPrefix("note: 9007199254740991 is ") == true)
            #expect(
                run.errors.lines.dropLast() == [
                    "after_last_tick: ID 9007199254740992 does not fit layout js53: its timestamp would be past "
                        + "the last tick (the largest ID is 9007199254740991)",
                    "after_last_tick: ID 9223372036854775807 does not fit layout js53: its timestamp would be past "
                        + "the last tick (the largest ID is 9007199254740991)",
                ])
            let miniflake = await InProcessRun.run(["decode", "9223372036854775807"])
            #expect(miniflake.status == 0)
        }

        /// Without `--`, `-5` reads as an unknown option.
        @Test func aDashedArgumentBeforeDoubleDashIsAnOption() async {
            let run = await InProcessRun.run(["decode", "-5"])
            #expect(run.status == 2)
            #expect(run.stderr == "miniflake: unknown option '-5'\n")
        }

        /// The header appears only above a row.
        @Test func noValidIDsPrintsNoHeader() async {
            let run = await InProcessRun.run(["decode"], stdin: "nope\n")
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
        }

        /// Empty standard input is not an error.
        @Test func emptyInputPrintsNothing() async {
            let run = await InProcessRun.run(["decode"], stdin: "")
            #expect(run.status == 0)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.isEmpty)
        }
    }
#endif
