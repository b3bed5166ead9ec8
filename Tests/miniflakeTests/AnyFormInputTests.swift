#if CLI
    import MiniFlake
    import MiniFlakeSupport
    import Testing

    @testable import miniflake

    /// `decode`, `validate` and `convert` read every form the HTTP service reads when no `--from`
    /// is given (issue 40): decimal, hex with or without `0x`, base32 and the ID's UUID.
    @Suite struct AnyFormInputTests {
        /// 2025-06-02T09:30:00.250Z, sequence 0, instance 7, in each text form (its UUID is made
        /// where it is needed).
        static let forms = ["960471290085376007", "0d54478cae800007", "0x0d54478cae800007", "0TN27HJQ80007"]

        /// `decode` reads each form and shows the ID as it was written.
        @Test func decodeReadsEveryForm() async throws {
            let uuid = try FlakeUUID(FlakeID(decimal: Self.forms[0])).uuidString
            let run = await InProcessRun.run(["decode"] + Self.forms + [uuid])
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(
                run.output.lines.dropFirst() == [
                    "960471290085376007   2025-06-02T09:30:00.250Z         0         7",
                    "0d54478cae800007     2025-06-02T09:30:00.250Z         0         7",
                    "0d54478cae800007     2025-06-02T09:30:00.250Z         0         7",
                    "0TN27HJQ80007        2025-06-02T09:30:00.250Z         0         7",
                    "960471290085376007   2025-06-02T09:30:00.250Z         0         7",
                ])
        }

        /// `generate --format hex` piped into `decode`: every line reads.
        @Test func hexFromGenerateDecodes() async throws {
            let generated = await InProcessRun.run(["generate", "-n", "200", "--format", "hex"])
            #expect(generated.status == 0)
            let run = await InProcessRun.run(["decode", "--json"], stdin: generated.stdout)
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(run.output.lines.count == 200)
        }

        /// `--from hex` takes the `0x` prefix; `--from uuid` works for `decode` too.
        @Test func namedFormsReadTheirOwnSpellings() async throws {
            let hex = await InProcessRun.run(["decode", "--from", "hex", "0x0d54478cae800007"])
            #expect(hex.status == 0)
            let uuid = try FlakeUUID(FlakeID(decimal: Self.forms[0])).uuidString
            let fromUUID = await InProcessRun.run(["decode", "--from", "uuid", "--json", uuid])
            #expect(fromUUID.status == 0)
            #expect(fromUUID.stdout.hasPrefix(#"{"id":"960471290085376007""#))
        }

        /// `validate` and `convert` read the same forms.
        @Test func validateAndConvertReadEveryForm() async {
            let validate = await InProcessRun.run(["validate"] + Self.forms)
            #expect(validate.status == 0)
            #expect(validate.stderr.isEmpty)
            let convert = await InProcessRun.run(["convert", "--to", "decimal"] + Self.forms)
            #expect(convert.output.lines == Array(repeating: "960471290085376007", count: 4))
        }

        /// All digits is decimal, whatever the clock, and text that another form reads too says
        /// so: a note beside the table, `readAs` and `alsoReadsAs` in JSON (issue 49).
        @Test func twoReadingsAreNamed() async {
            let table = await InProcessRun.run(["decode", "--layout", "twitter", "1500000000000000"])
            #expect(table.status == 0)
            #expect(table.output.lines.dropFirst().first?.contains("2010-11-08T05:03:22.525Z") == true)
            #expect(
                table.errors.lines == ["note: '1500000000000000' is read as decimal; it also reads as hex (--from hex)"]
            )
            let json = await InProcessRun.run(["decode", "--json", "--layout", "twitter", "1500000000000000"])
            #expect(json.stdout.contains(#""time":"2010-11-08T05:03:22.525Z""#))
            #expect(json.stdout.hasSuffix(#""layout":"twitter","readAs":"decimal","alsoReadsAs":["hex"]}"# + "\n"))
            #expect(json.stderr.isEmpty)
            let hex = await InProcessRun.run([
                "decode", "--json", "--layout", "twitter", "--from", "hex", "1500000000000000",
            ])
            #expect(hex.stdout.contains(#""time":"2022-04-10T17:37:07"#))
            #expect(!hex.stdout.contains("readAs"))
            let convert = await InProcessRun.run(["convert", "--to", "hex", "1500000000000000"])
            #expect(convert.output.lines == ["0005543df729c000"])
            #expect(convert.errors.lines.count == 1)
            let validate = await InProcessRun.run(["validate", "--layout", "twitter", "1500000000000000"])
            #expect(validate.errors.lines.first?.hasPrefix("note: '1500000000000000' is read as decimal") == true)
        }

        /// A time far in the future gets a note naming layouts that read it as a past time.
        @Test func aFutureTimeSuggestsAnotherLayout() async {
            let run = await InProcessRun.run(["decode", "1506205616238829568"])
            #expect(run.status == 0)
            #expect(run.errors.lines.count == 1)
            #expect(run.stderr.hasPrefix("note: 1506205616238829568 is "))
            #expect(run.stderr.contains("in the future in the miniflake layout; is it from another layout?"))
            #expect(run.stderr.contains("--layout twitter reads it as 2022-03-22T09:46:17.515Z"))
        }
    }
#endif
