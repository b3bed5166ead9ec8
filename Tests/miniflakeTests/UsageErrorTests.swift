#if CLI
    import Testing

    @testable import miniflake

    /// Bad command lines: one line on standard error, exit status 2; help and version: 0.
    @Suite struct UsageErrorTests {
        /// Arguments and the one line each must print.
        static let cases: [([String], String)] = [
            (["generate", "-n", "0"], "invalid count '0': must be a positive number"),
            (["generate", "-n", "-5"], "invalid count '-5': must be a positive number"),
            (["generate", "-n", "abc"], "invalid count 'abc': must be a positive number"),
            (["-n", "0"], "invalid count '0': must be a positive number"),
            (
                ["generate", "--instance", "1024"],
                "invalid instance '1024': must be a number in 0...1023 for the miniflake layout"
            ),
            (
                ["generate", "--instance", "-1", "--layout", "sonyflake"],
                "invalid instance '-1': must be a number in 0...65535 for the sonyflake layout"
            ),
            (
                ["generate", "--layout", "flickr"],
                "invalid layout 'flickr': must be one of miniflake, twitter, discord, sonyflake, js53"
            ),
            (["generate", "--format", "xml"], "invalid format 'xml': must be one of decimal, hex, base32, json"),
            (
                ["decode", "--layout", "nope", "1"],
                "invalid layout 'nope': must be one of miniflake, twitter, discord, sonyflake, js53"
            ),
            (["decode", "--from", "octal", "1"], "invalid --from format 'octal': must be one of decimal, hex, base32"),
            (
                ["convert", "--to", "json", "1"],
                "invalid --to format 'json': must be one of decimal, hex, base32, uuid"
            ),
            (
                ["convert", "--to", "uuid", "--layout", "flickr", "1"],
                "invalid layout 'flickr': must be one of miniflake, twitter, discord, sonyflake, js53"
            ),
            (
                ["validate", "--max-skew", "soon", "1"],
                "invalid duration 'soon' for --max-skew: use a whole number with ms, s, m or h after it, such as 500ms, 5s, 2m or 1h"
            ),
            (
                ["validate", "--instances", "0-2000", "1"],
                "invalid instance list '0-2000' for --instances: 2000 is out of range 0...1023 for the miniflake layout"
            ),
            (["generate", "--bogus"], "unknown option '--bogus'"),
            (["frobnicate"], "unexpected argument 'frobnicate'"),
        ]

        /// Each bad command line prints exactly its one line and exits with 2.
        @Test(arguments: cases)
        func oneLineAndStatusTwo(arguments: [String], message: String) async {
            let run = await InProcessRun.run(arguments)
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "miniflake: \(message)\n")
        }

        /// Every command's help has examples and goes to standard output.
        @Test(arguments: [
            ["--help"], ["-h"], ["generate", "--help"], ["decode", "--help"], ["convert", "--help"],
            ["validate", "--help"], ["help", "validate"],
        ])
        func helpGoesToStandardOutput(arguments: [String]) async {
            let run = await InProcessRun.run(arguments)
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.contains("USAGE: miniflake"))
            #expect(run.stdout.contains("Examples:"))
        }

        /// `--version` prints the version.
        @Test func version() async {
            let run = await InProcessRun.run(["--version"])
            #expect(run.status == 0)
            #expect(run.stdout == "\(MiniFlakeVersion.current)\n")
        }

        /// ArgumentParser writes completion scripts, with the layout names.
        @Test(arguments: ["bash", "zsh", "fish"])
        func completionScripts(shell: String) async {
            let run = await InProcessRun.run(["--generate-completion-script", shell])
            #expect(run.status == 0)
            #expect(run.stdout.contains("miniflake"))
            #expect(run.stdout.contains("sonyflake"))  // the --layout completion list
        }

        /// ArgumentParser's messages are folded into one lower-case line.
        @Test func messagesBecomeOneLowerCaseLine() {
            #expect(CommandRunner.oneLine("Unknown option '--x'") == "unknown option '--x'")
            #expect(CommandRunner.oneLine("First\n  second") == "first; second")
            #expect(CommandRunner.oneLine("ID is bad") == "ID is bad")
            #expect(CommandRunner.oneLine("") == "unknown error")
        }
    }
#endif
