#if CLI
    import ArgumentParser
    import Foundation
    import MiniFlake
    import Testing

    @testable import miniflake

    /// `miniflake validate`, run in-process.
    @Suite struct ValidateTests {
        /// Now, by the system clock, in milliseconds since 1970.
        static func now() -> Int64 {
            Int64(Date().timeIntervalSince1970 * 1000)
        }

        /// A fresh ID from an allowed instance passes silently.
        @Test func currentIDsPass() async throws {
            let id = try await FlakeMaker(instance: 3).next()
            let run = await InProcessRun.run(["validate", "--instances", "0-15", id.description])
            #expect(run.status == 0)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.isEmpty)
        }

        /// An ID an hour ahead fails with the skew in the message.
        @Test func farFutureIDFails() async throws {
            let id = try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: Self.now() + 3_600_000, sequence: 0, instanceNumber: 1)
            let run = await InProcessRun.run(["validate", "--max-skew", "5s", id.description])
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("\(id): its timestamp is "))
            #expect(run.stderr.hasSuffix(" in the future, more than the 5 s skew allowed\n"))
        }

        /// With a fixed clock the message is exact.
        @Test func exactMessageWithAFixedClock() throws {
            let now: Int64 = 1_714_564_800_000
            let id = try FlakeLayout.miniFlake.compose(
                millisecondsSince1970: now + 3_600_000, sequence: 0, instanceNumber: 1)
            let command = try #require(
                try MiniFlakeCommand.parseAsRoot(["validate", "--max-skew", "2m", id.description]) as? Validate)
            var validator = command.validator
            #expect(validator.maximumSkew == .milliseconds(120_000))
            validator.clock = FlakeClock { now }
            let (io, output, errors) = InProcessRun.io()
            #expect(try command.run(io: io, validator: validator) == 1)
            #expect(output.text.isEmpty)
            #expect(
                errors.text
                    == "\(id): its timestamp is 1 h in the future, more than the 2 min skew allowed\n")
        }

        /// Only the instance outside `--instances` fails.
        @Test func instanceOutsideTheSetFails() async throws {
            let inside = try await FlakeMaker(instance: 41).next()
            let outside = try await FlakeMaker(instance: 16).next()
            let run = await InProcessRun.run(
                ["validate", "--instances", "0-15,32,40-41", inside.description, outside.description])
            #expect(run.status == 1)
            #expect(run.stderr == "\(outside): instance number 16 is not allowed\n")
        }

        /// The layout's first tick (its epoch) is too early: 0 is no issued ID; the second passes.
        @Test func theLayoutsFirstTickIsTooEarly() async throws {
            let id = try FlakeLayout.miniFlake.compose(tick: 0, sequence: 0, instanceNumber: 0)
            let run = await InProcessRun.run(["validate", id.description])
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("0: 0 is in the miniflake layout's first tick"))
            let second = try FlakeLayout.miniFlake.compose(tick: 1, sequence: 0, instanceNumber: 0)
            #expect(await InProcessRun.run(["validate", second.description]).status == 0)
        }

        /// An unreadable ID is a failure with the parse error's message.
        @Test func malformedIDsAreFailures() async throws {
            let good = try await FlakeMaker(instance: 1).next()
            let run = await InProcessRun.run(["validate", "--from", "hex", "xyz", good.hexString])
            #expect(run.status == 1)
            #expect(run.stderr == "invalid hex ID 'xyz': 'x' at position 1 is not a hex digit\n")
        }

        /// Failures from standard input carry their line numbers.
        @Test func standardInputReportsLineNumbers() async throws {
            let good = try await FlakeMaker(instance: 1).next()
            let bad = try await FlakeMaker(instance: 900).next()
            let run = await InProcessRun.run(
                ["validate", "--instances", "0-15"], stdin: "\(good)\n\(bad)\nzz\n")
            #expect(run.status == 1)
            #expect(
                run.errors.lines == [
                    "line 2: \(bad): instance number 900 is not allowed",
                    "line 3: invalid base32 ID 'zz': 2 symbols, a base32 ID has 13",
                ])
        }

        /// A bare `--max-skew` number is milliseconds.
        @Test func bareSkewIsMilliseconds() throws {
            let command = try #require(
                try MiniFlakeCommand.parseAsRoot(["validate", "--max-skew", "250", "1"]) as? Validate)
            #expect(command.validator.maximumSkew == .milliseconds(250))
        }

        /// The defaults: 5 s of skew, every instance, the MiniFlake layout.
        @Test func defaults() throws {
            let command = try #require(try MiniFlakeCommand.parseAsRoot(["validate", "1"]) as? Validate)
            let validator = command.validator
            #expect(validator.maximumSkew == .milliseconds(5000))
            #expect(validator.allowedInstances == nil)
            #expect(validator.layout == .miniFlake)
        }
    }
#endif
