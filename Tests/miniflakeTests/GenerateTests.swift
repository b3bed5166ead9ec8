#if CLI
    import ArgumentParser
    import Foundation
    import MiniFlake
    import MiniFlakeSupport
    import Testing

    @testable import miniflake

    /// `miniflake generate`, run in-process.
    @Suite struct GenerateTests {
        /// `-n 10000` prints 10,000 unique, increasing IDs.
        @Test func tenThousandIDsAreUniqueAndIncreasing() async throws {
            let run = await InProcessRun.run(["generate", "-n", "10000"])
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let ids = try run.output.lines.map { try FlakeID(decimal: $0) }
            #expect(ids.count == 10000)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
            #expect(Set(ids).count == 10000)
        }

        /// Output reaches the sink in 64 KiB blocks, not a write per line.
        @Test func largeCountsAreWrittenInLargeBlocks() async throws {
            let run = await InProcessRun.run(["generate", "--count", "100000", "--format", "hex"])
            #expect(run.status == 0)
            let lines = run.output.lines
            #expect(lines.count == 100_000)
            #expect(lines.allSatisfy { $0.utf8.count == 16 })
            // 1.7 MB of output in 64 KiB blocks: about 27 writes, not one per line.
            #expect(run.output.writeCount <= 30)
        }

        /// Options without a subcommand go to `generate`.
        @Test func defaultSubcommandIsGenerate() async throws {
            let run = await InProcessRun.run(["-n", "3"])
            #expect(run.status == 0)
            #expect(run.output.lines.count == 3)
            #expect(try run.output.lines.allSatisfy { try FlakeID(decimal: $0) > .min })
        }

        /// `--instance` and `--layout` shape every ID, whose time is now.
        @Test func givenInstanceAndLayoutShowInTheIDs() async throws {
            for layout in FlakeLayout.presets {
                let run = await InProcessRun.run(["-n", "50", "--instance", "7", "--layout", layout.name])
                #expect(run.status == 0, "\(layout.name): \(run.stderr)")
                for line in run.output.lines {
                    let parts = layout.parts(of: try FlakeID(decimal: line))
                    #expect(parts.instanceNumber == 7)
                    let now = Int64(Date().timeIntervalSince1970 * 1000)
                    #expect(abs(parts.millisecondsSince1970 - now) < 60_000)
                }
            }
        }

        /// Each text format prints what the core would print.
        @Test(arguments: [FlakeTextFormat.decimal, .hex, .base32])
        func textFormatsMatchTheCore(format: FlakeTextFormat) async throws {
            let run = await InProcessRun.run(["-n", "500", "--format", format.rawValue, "--instance", "3"])
            #expect(run.status == 0)
            for line in run.output.lines {
                #expect(format.format(try format.parse(line)) == line)
            }
        }

        /// JSON lines hold every part, consistent with the core.
        @Test func jsonLinesCarryEveryPart() async throws {
            let run = await InProcessRun.run([
                "-n", "20", "--format", "json", "--layout", "discord", "--instance", "33",
            ])
            #expect(run.status == 0)
            #expect(run.output.lines.count == 20)
            for line in run.output.lines {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let id = try FlakeID(decimal: try #require(object["id"] as? String))
                let parts = FlakeLayout.discord.parts(of: id)
                #expect(object["base32"] as? String == id.base32String)
                #expect(object["hex"] as? String == id.hexString)
                #expect(
                    object["time"] as? String
                        == ISO8601Time.string(millisecondsSince1970: parts.millisecondsSince1970))
                #expect((object["millisecondsSince1970"] as? NSNumber)?.int64Value == parts.millisecondsSince1970)
                #expect(object["sequence"] as? Int == parts.sequence)
                #expect(object["instance"] as? Int == 33)
                #expect(object["layout"] as? String == "discord")
            }
        }

        /// `--verbose` names the pool's instance number on standard error.
        @Test func verboseSaysWhichPoolInstanceWasTaken() async throws {
            let run = await InProcessRun.run(["generate", "--verbose"])
            #expect(run.status == 0)
            let id = try FlakeID(decimal: try #require(run.output.lines.first))
            let instance = FlakeLayout.miniFlake.parts(of: id).instanceNumber
            #expect(
                run.stderr == "miniflake: using instance \(instance) from the in-process pool (miniflake layout)\n")
        }

        /// Without `--verbose`, standard error stays empty.
        @Test func withoutVerboseStandardErrorStaysEmpty() async {
            let run = await InProcessRun.run(["generate", "-n", "2"])
            #expect(run.stderr.isEmpty)
        }
    }
#endif
