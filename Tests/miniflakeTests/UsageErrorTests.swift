#if CLI
    import Testing

    @testable import miniflake

    /// Bad command lines: one line on standard error, exit status 2; help and version: 0.
    @Suite struct UsageErrorTests {
        /// Arguments and the one line each must print.
        static let cases: [([String], String)] = [
            (["generate", "-n", "0"], "the value '0' is invalid for '-n <count>': must be a positive number"),
            (
                ["generate", "--count", "-5"],
                "the value '-5' is invalid for '--count <count>': must be a positive number"
            ),
            (["generate", "-n", "abc"], "the value 'abc' is invalid for '-n <count>': must be a positive number"),
            (["-n", "0"], "the value '0' is invalid for '-n <count>': must be a positive number"),
            (
                ["generate", "--instance", "1024"],
                "invalid instance '1024': must be a number in 0...1023 for the miniflake layout"
            ),
            (
                ["generate", "--instance", "70000", "--layout", "sonyflake"],
                "invalid instance '70000': must be a number in 0...65535 for the sonyflake layout"
            ),
            (
                ["generate", "--instance", "-1", "--layout", "sonyflake"],
                "the value '-1' is invalid for '--instance <number>': must be a number from 0 to the layout's maximum (1023 for miniflake)"
            ),
            (
                ["generate", "--layout", "flickr"],
                "the value 'flickr' is invalid for '--layout <layout>'. Please provide one of 'miniflake', 'twitter', 'discord', 'sonyflake' or 'js53'."
            ),
            (
                ["generate", "--format", "xml"],
                "the value 'xml' is invalid for '--format <format>'. Please provide one of 'decimal', 'hex', 'base32' or 'json'."
            ),
            (
                ["decode", "--layout", "nope", "1"],
                "the value 'nope' is invalid for '--layout <layout>'. Please provide one of 'miniflake', 'twitter', 'discord', 'sonyflake' or 'js53'."
            ),
            (
                ["decode", "--from", "octal", "1"],
                "the value 'octal' is invalid for '--from <form>'. Please provide one of 'decimal', 'hex', 'base32' or 'uuid'."
            ),
            (
                ["convert", "--to", "json", "1"],
                "the value 'json' is invalid for '--to <format>'. Please provide one of 'decimal', 'hex', 'base32' or 'uuid'."
            ),
            (
                ["convert", "--to", "uuid", "--layout", "flickr", "1"],
                "the value 'flickr' is invalid for '--layout <layout>'. Please provide one of 'miniflake', 'twitter', 'discord', 'sonyflake' or 'js53'."
            ),
            (
                ["at", "--format", "json", "2026-03-01"],
                "the value 'json' is invalid for '--format <format>'. Please provide one of 'decimal', 'hex' or 'base32'."
            ),
            (
                ["validate", "--max-skew", "soon", "1"],
                "the value 'soon' is invalid for '--max-skew <duration>': use a whole number with ms, s, m or h after it, such as 500ms, 5s, 2m or 1h"
            ),
            (
                ["validate", "--instances", "3-1", "1"],
                "the value '3-1' is invalid for '--instances <list>': range 3-1 runs backwards"
            ),
            (
                ["validate", "--instances", "0-2000", "1"],
                "invalid instance list '0-2000' for --instances: 2000 is out of range 0...1023 for the miniflake layout"
            ),
            (
                ["validate", "--layout", "js53", "--instances", "64", "1"],
                "invalid instance list '64' for --instances: 64 is out of range 0...63 for the js53 layout"
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

        /// Help shows each option's value name, and the values of the options that take names.
        @Test func helpShowsValueNamesAndValues() async {
            // Help wraps at the terminal's width: compare with every run of white space as one space.
            func flattened(_ run: InProcessRun) -> String {
                run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            let generate = await InProcessRun.run(["generate", "--help"])
            #expect(generate.status == 0)
            for expected in [
                "-n, --count <count>", "--instance <number>", "--layout <layout>", "--format <format>",
                "(values: miniflake, twitter, discord, sonyflake, js53; default: miniflake)",
                "(values: decimal, hex, base32, json; default: decimal)",
            ] {
                #expect(flattened(generate).contains(expected), "\(expected)")
            }
            let convert = await InProcessRun.run(["convert", "--help"])
            #expect(convert.stdout.contains("--to <format>"))
            #expect(flattened(convert).contains("(values: decimal, hex, base32, uuid)"))
            let validate = await InProcessRun.run(["validate", "--help"])
            for expected in ["--max-skew <duration>", "--instances <list>", "--from <form>", "--layout <layout>"] {
                #expect(flattened(validate).contains(expected), "\(expected)")
            }
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
