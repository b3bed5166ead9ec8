#if CLI
    import MiniFlake
    import MiniFlakeTestSupport
    import Testing

    @testable import miniflake

    /// `miniflake at`, run in-process, against the shared vectors.
    @Suite struct AtTests {
        /// Every vector moment gives its first ID, in every layout.
        @Test func sharedVectors() async throws {
            for layout in try SharedVectors.load().layouts {
                let run = await InProcessRun.run(["at", "--layout", layout.name] + layout.firstIDs.map(\.time))
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.output.lines == layout.firstIDs.map(\.id), "\(layout.name)")
                for refused in layout.refused where refused.operation == "first_id_at" {
                    let failed = await InProcessRun.run(["at", "--layout", layout.name, refused.input])
                    #expect(failed.status == 1 && failed.stdout.isEmpty, "\(layout.name) \(refused.input)")
                    #expect(failed.stderr.hasPrefix(refused.code == "invalid_time" ? "invalid time" : "time '"))
                }
            }
        }

        /// The other formats, and a bad moment among good ones.
        @Test func formatsAndFailures() async {
            let hex = await InProcessRun.run(["at", "--format", "hex", "2020-01-01T00:00:00Z"])
            #expect(hex.stdout == "035fe2c900000000\n")
            let mixed = await InProcessRun.run([
                "at", "2020-01-01", "2020-02-30", "2010-01-01T00:00:00Z", "2020-01-01T01:00+01:00",
            ])
            #expect(mixed.status == 1)
            #expect(mixed.output.lines == ["243162257817600000", "243162257817600000"])
            #expect(
                mixed.errors.lines == [
                    "invalid time '2020-02-30': use ISO 8601, such as 2026-03-01 or 2026-03-01T12:00:00Z",
                    "time '2010-01-01T00:00:00Z' is outside the miniflake layout's time, "
                        + "2018-03-01T00:00:00.000Z to 2087-11-05T15:47:35.551Z",
                ])
            let usage = await InProcessRun.run(["at"])
            #expect(usage.status == 2)
            let js = await InProcessRun.run(["at", "--layout", "js53", "--format", "base32", "2026-01-01"])
            #expect(js.stdout == "0000000000000\n")
        }
    }
#endif
