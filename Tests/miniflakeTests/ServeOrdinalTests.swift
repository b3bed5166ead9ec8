#if CLI && Server
    import ArgumentParser
    import Testing

    @testable import miniflake

    @Suite("miniflake serve --instance ordinal")
    struct ServeOrdinalTests {
        /// Settings read with these variables and host name, and nothing else.
        private func settings(
            _ arguments: [String], _ variables: [String: String] = [:], hostName: String? = nil
        ) throws -> Serve.Settings {
            try Serve.parse(arguments).settings(environment: { variables[$0] }, hostName: { hostName })
        }

        @Test("the ordinal comes from the host name, plus the offset")
        func hostName() throws {
            let plain = try settings(["--instance", "ordinal"], hostName: "miniflake-3")
            #expect(plain.instance == 3)
            #expect(plain.instanceSource == "StatefulSet ordinal 3 (from the host name) + offset 0")
            #expect(
                try settings(["--instance", "ordinal", "--instance-offset", "512"], hostName: "miniflake-3").instance
                    == 515)
            #expect(try settings(["--instance", "ordinal"], ["HOSTNAME": "web-9"], hostName: "other-1").instance == 9)
        }

        @Test("MINIFLAKE_POD_INDEX (the pod-index label) wins, and the variables stand in for the options")
        func variables() throws {
            let variables = [
                "MINIFLAKE_INSTANCE": "ordinal", "MINIFLAKE_POD_INDEX": "7", "MINIFLAKE_INSTANCE_OFFSET": "100",
            ]
            let resolved = try settings([], variables, hostName: "miniflake-3")
            #expect(resolved.instance == 107)
            #expect(resolved.lease == .file(directory: nil))
        }

        @Test("--instance-offset x is refused by the parser, naming the option")
        func negativeOffset() {
            let error = #expect(throws: (any Error).self) {
                try Serve.parse(["--instance", "ordinal", "--instance-offset", "x"])
            }
            #expect(
                Serve.message(for: error ?? CancellationError())
                    == "The value 'x' is invalid for '--instance-offset <number>': must be a whole number")
        }

        @Test("no ordinal, a bad offset, an offset without ordinal, or a number past the layout is a usage error")
        func usageErrors() throws {
            let cases: [([String], [String: String], String?, String)] = [
                (["--instance", "ordinal"], [:], "workstation", "does not end in -N"),
                (["--instance", "ordinal"], [:], nil, "no StatefulSet ordinal"),
                (["--instance", "ordinal"], ["MINIFLAKE_POD_INDEX": "x"], "miniflake-1", "pod index 'x'"),
                (
                    ["--instance", "ordinal"], ["MINIFLAKE_INSTANCE_OFFSET": "-1"], "miniflake-1",
                    "invalid offset '-1' for MINIFLAKE_INSTANCE_OFFSET: must be a whole number"
                ),
                (["--instance", "ordinal", "--instance-offset", "1023"], [:], "miniflake-1", "0...1023"),
                (
                    ["--instance", "3", "--instance-offset", "5"], [:], nil,
                    "--instance-offset goes with --instance ordinal"
                ),
                ([], ["MINIFLAKE_INSTANCE_OFFSET": "5"], nil, "MINIFLAKE_INSTANCE_OFFSET goes with --instance ordinal"),
            ]
            for (arguments, variables, hostName, message) in cases {
                let error = #expect(throws: ValidationError.self) {
                    try settings(arguments, variables, hostName: hostName)
                }
                #expect(error?.message.contains(message) == true, "\(arguments) \(variables): \(error?.message ?? "")")
            }
        }

        @Test("an ordinal that fits twitter's 10 bits but not after the offset is refused with the layout's range")
        func layoutRange() throws {
            #expect(
                try settings(
                    ["--instance", "ordinal", "--layout", "sonyflake", "--instance-offset", "60000"], hostName: "m-5"
                )
                .instance == 60005)
            #expect(throws: ValidationError.self) {
                try settings(
                    ["--instance", "ordinal", "--layout", "twitter", "--instance-offset", "1020"], hostName: "m-5")
            }
        }
    }
#endif
