#if CLI
    import Foundation
    import MiniFlake
    import Testing

    @testable import miniflake

    /// The built `miniflake` executable, run as a child process: exit statuses, the streams,
    /// standard input.
    @Suite struct SubprocessTests {
        /// The executable prints IDs with the given instance, in order.
        @Test func generatePrintsIDs() throws {
            let result = try MiniFlakeBinary.run(["generate", "-n", "5", "--instance", "9"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let ids = try result.stdout.split(separator: "\n").map { try FlakeID(decimal: $0) }
            #expect(ids.count == 5)
            #expect(ids == ids.sorted())
            #expect(ids.allSatisfy { FlakeLayout.miniFlake.parts(of: $0).instanceNumber == 9 })
        }

        /// With no arguments it prints one ID.
        @Test func defaultCommandPrintsOneID() throws {
            let result = try MiniFlakeBinary.run([])
            #expect(result.status == 0)
            #expect(try FlakeID(decimal: result.stdout.dropLast()) > .min)
            #expect(result.stdout.hasSuffix("\n"))
        }

        /// 200,000 IDs arrive complete, sorted and unique.
        @Test func generateStreamsALargeCount() throws {
            let result = try MiniFlakeBinary.run(["-n", "200000", "--format", "base32"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 200_000)
            #expect(lines == lines.sorted())
            #expect(Set(lines).count == 200_000)
        }

        /// `--verbose` output on the real standard error.
        @Test func verboseNamesThePoolInstance() throws {
            let result = try MiniFlakeBinary.run(["generate", "--verbose", "--layout", "twitter"])
            #expect(result.status == 0)
            let id = try FlakeID(decimal: result.stdout.dropLast())
            let instance = FlakeLayout.twitter.parts(of: id).instanceNumber
            #expect(
                result.stderr == "miniflake: using instance \(instance) from the in-process pool (twitter layout)\n")
        }

        /// The Discord example through the executable.
        @Test func decodeDiscordExample() throws {
            let result = try MiniFlakeBinary.run(["decode", "--layout", "discord", "175928847299117063"])
            #expect(result.status == 0)
            #expect(
                result.stdout
                    == "ID                   TIME                      SEQUENCE  INSTANCE\n"
                    + "175928847299117063   2016-04-30T11:18:25.796Z         7        32\n")
        }

        /// A bad stdin line: reported with its number, the rest decoded, status 1.
        @Test func decodeStandardInputKeepsGoingPastABadLine() throws {
            let result = try MiniFlakeBinary.run(
                ["decode", "--layout", "discord", "--json"],
                stdin: "175928847299117063\n175928847299117064\nnot-an-id\n175928847299117065\n")
            #expect(result.status == 1)
            #expect(
                result.stderr == "line 3: invalid base32 ID 'not-an-id': 7 symbols, a base32 ID has 13\n")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 3)
            #expect(lines.last?.contains(#""id":"175928847299117065""#) == true)
            #expect(lines.last?.contains(#""sequence":9,"instance":32"#) == true)
        }

        /// A bad argument: reported, the rest decoded, status 1.
        @Test func decodeBadArgument() throws {
            let result = try MiniFlakeBinary.run(["decode", "12x4", "1"])
            #expect(result.status == 1)
            #expect(result.stderr == "invalid base32 ID '12x4': 4 symbols, a base32 ID has 13\n")
            #expect(result.stdout.split(separator: "\n").count == 2)
        }

        /// Conversion from arguments and from standard input.
        @Test func convertArgumentsAndStandardInput() throws {
            let arguments = try MiniFlakeBinary.run(["convert", "--to", "base32", "2968523523440640007"])
            #expect(arguments.status == 0)
            #expect(arguments.stdout == "2JCJGDAN14007\n")
            let input = try MiniFlakeBinary.run(
                ["convert", "--from", "base32", "--to", "hex"], stdin: "2JCJGDAN14007\n\nU\n7zzzzzzzzzzzz")
            #expect(input.status == 1)
            #expect(input.stdout == "2932506aaa120007\n7fffffffffffffff\n")
            #expect(input.stderr == "line 3: invalid base32 ID 'U': 'U' at position 1 is not a base32 digit\n")
        }

        /// Status 0 when all pass; 1 and one line per failure otherwise.
        @Test func validateExitStatuses() throws {
            let good = try FlakeMaker(instance: 5).nextBlocking()
            let future = try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000, sequence: 0,
                instanceNumber: 5)
            let pass = try MiniFlakeBinary.run(["validate", "--instances", "0-15", good.description])
            #expect(pass.status == 0)
            #expect(pass.stdout.isEmpty && pass.stderr.isEmpty)

            let fail = try MiniFlakeBinary.run(
                ["validate", "--max-skew", "1h", "--instances", "0-4", good.description, future.description, "abc"])
            #expect(fail.status == 1)
            let lines = fail.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines[0] == "\(good): instance number 5 is not allowed")
            #expect(lines[1].hasPrefix("\(future): its timestamp is "))
            #expect(lines[1].hasSuffix(" in the future, more than the 1 h skew allowed"))
            #expect(
                lines[2]
                    == "'abc' is not an ID: not decimal digits, 0x and hex digits (or 16 of them), 13 base32 symbols, or a UUID"
            )
        }

        /// Every listed usage error: one line on standard error, status 2.
        @Test func usageErrorsPrintOneLineAndExitTwo() throws {
            let cases: [([String], String)] = [
                (
                    ["generate", "--count", "0"],
                    "miniflake: the value '0' is invalid for '--count <count>': must be a positive number"
                ),
                (["-n", "-5"], "miniflake: the value '-5' is invalid for '-n <count>': must be a positive number"),
                (["-n", "abc"], "miniflake: the value 'abc' is invalid for '-n <count>': must be a positive number"),
                (
                    ["generate", "--instance", "5000"],
                    "miniflake: invalid instance '5000': must be a number in 0...1023 for the miniflake layout"
                ),
                (
                    ["decode", "--layout", "snowflake", "1"],
                    "miniflake: the value 'snowflake' is invalid for '--layout <layout>'. "
                        + "Please provide one of 'miniflake', 'twitter', 'discord', 'sonyflake' or 'js53'."
                ),
                (
                    ["generate", "--format", "yaml"],
                    "miniflake: the value 'yaml' is invalid for '--format <format>'. "
                        + "Please provide one of 'decimal', 'hex', 'base32' or 'json'."
                ),
                (["decode", "--bogus"], "miniflake: unknown option '--bogus'"),
            ]
            for (arguments, message) in cases {
                let result = try MiniFlakeBinary.run(arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stdout.isEmpty, "\(arguments)")
                #expect(result.stderr == message + "\n", "\(arguments)")
            }
        }

        #if Server
            /// `serve` reads the `MINIFLAKE_*` variables of its process when the options are not
            /// given, and a bad one is refused with one line that names it, never its secret.
            @Test func serveReadsItsEnvironment() throws {
                let cleared: [String: String?] = [
                    "MINIFLAKE_HOST": nil, "MINIFLAKE_PORT": nil, "MINIFLAKE_INSTANCE": nil, "MINIFLAKE_LEASE": nil,
                    "MINIFLAKE_INSTANCE_OFFSET": nil, "MINIFLAKE_REGISTRY": nil, "MINIFLAKE_REGISTRY_TOKEN": nil,
                ]
                let cases: [([String: String?], String)] = [
                    (
                        ["MINIFLAKE_PORT": "http"],
                        "invalid port 'http' for MINIFLAKE_PORT: must be a number in 0...65535"
                    ),
                    (
                        ["MINIFLAKE_INSTANCE": "2000"],
                        "invalid instance '2000' for MINIFLAKE_INSTANCE: must be a number in 0...1023 for the miniflake layout"
                    ),
                    (
                        ["MINIFLAKE_LEASE": "mysql://root:hunter2@db/ids"],
                        "invalid lease 'mysql://…' for MINIFLAKE_LEASE: must be \(LeaseSpec.forms)"
                    ),
                ]
                for (variables, message) in cases {
                    let result = try MiniFlakeBinary.run(
                        ["serve"], environment: cleared.merging(variables) { $1 }, timeout: 20)
                    #expect(result.status == 2, "\(variables)")
                    #expect(result.stderr == "miniflake: \(message)\n", "\(variables)")
                }
                // The option wins over its variable, so the bad variable is never read: the
                // settings get past the port to the next problem.
                let option = try MiniFlakeBinary.run(
                    ["serve", "--port", "0", "--instance", "1", "--lease", "file"],
                    environment: cleared.merging(["MINIFLAKE_PORT": "http"]) { $1 }, timeout: 20)
                #expect(option.status == 2)
                #expect(
                    option.stderr
                        == "miniflake: --instance and --lease cannot be used together: give a number or a lease, not both\n"
                )
            }
        #endif

        /// Help, version and completion scripts go to standard output with status 0.
        @Test func helpVersionAndCompletionExitZero() throws {
            let help = try MiniFlakeBinary.run(["decode", "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("miniflake decode --layout discord 175928847299117063"))
            #expect(help.stderr.isEmpty)
            let version = try MiniFlakeBinary.run(["--version"])
            #expect(version.status == 0)
            #expect(version.stdout == "\(MiniFlakeVersion.current)\n")
            let completion = try MiniFlakeBinary.run(["--generate-completion-script", "bash"])
            #expect(completion.status == 0)
            #expect(completion.stdout.contains("complete"))
        }

        /// Oversized, control and non-ASCII lines are reported, never a crash.
        @Test func noCrashOnHostileInput() throws {
            let long = String(repeating: "9", count: 5000)
            let result = try MiniFlakeBinary.run(
                ["decode"], stdin: "\(long)\n\u{0}\n\u{FFFD}é\n-\n+1\n" + String(repeating: "\n", count: 10))
            #expect(result.status == 1)
            #expect(result.stderr.split(separator: "\n").count == 5)
            #expect(!result.stderr.contains("Fatal error"))
        }
    }
#endif
