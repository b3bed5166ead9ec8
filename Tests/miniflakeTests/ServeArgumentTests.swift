#if CLI && Server
    import ArgumentParser
    import Testing

    @testable import miniflake

    /// The typed options of `miniflake serve`: each type's reading, the environment variables
    /// that stand in for the options (read as the options' texts are), and the one-line messages:
    /// ArgumentParser's for a bad option, `miniflake`'s own naming the variable for a bad variable.
    @Suite("miniflake serve: option types and the environment")
    struct ServeArgumentTests {
        @Test("a port is 0...65535 in plain digits")
        func ports() {
            for (text, number) in [("0", 0), ("8080", 8080), ("65535", 65_535), ("0080", 80)] {
                #expect((try? Port(parsing: text))?.number == number, "\(text)")
            }
            for text in ["65536", "-1", "+80", " 80", "80 ", "", "http", "99999999999999999999"] {
                #expect(throws: ValidationError.self, "\(text)") { try Port(parsing: text) }
            }
        }

        @Test("an instance spec is 'ordinal' or a number; the layout's range is checked later")
        func instanceSpecs() throws {
            #expect(try InstanceSpec(parsing: "ordinal") == .ordinal)
            #expect(try InstanceSpec(parsing: "7") == .number(7))
            #expect(try InstanceSpec(parsing: "5000") == .number(5000))
            for text in ["Ordinal", "ordinal-1", "-1", "x", ""] {
                #expect(throws: ValidationError.self, "\(text)") { try InstanceSpec(parsing: text) }
            }
        }

        @Test("offsets, horizons, hosts, log levels and leases")
        func otherValues() throws {
            #expect(try InstanceOffset(parsing: "512").value == 512)
            #expect(throws: ValidationError.self) { try InstanceOffset(parsing: "-1") }
            #expect(try HorizonDays(parsing: "36500").value == 36_500)
            #expect(throws: ValidationError.self) { try HorizonDays(parsing: "36501") }
            #expect(try HostAddress(parsing: "::1").text == "::1")
            #expect(throws: ValidationError.self) { try HostAddress(parsing: "") }
            #expect(try LogLevel(parsing: "WARNING") == LogLevel(parsing: "warning"))
            #expect(try LogLevel(parsing: "Info") == .info)
            #expect(throws: ValidationError.self) { try LogLevel(parsing: "loud") }
            #expect(try LeaseSpec("file", source: "--lease") == .file(directory: nil))
            #expect(try LeaseSpec("FILE:/srv/leases", source: "--lease") == .file(directory: "/srv/leases"))
            #expect(throws: ValidationError.self) { try LeaseSpec("file:", source: "--lease") }
            #expect(throws: ValidationError.self) { try LeaseSpec("s3://bucket", source: "--lease") }
        }

        @Test("the option wins over its variable, which stands in when the option is not given")
        func fallbacks() throws {
            let variables = ["MINIFLAKE_PORT": "9000"]
            let given = try Sourced<Port>.from(
                try Port(parsing: "7000"), named: "--port", else: "MINIFLAKE_PORT", in: { variables[$0] })
            #expect(given?.value.number == 7000)
            #expect(given?.source == "--port")
            let fallback = try Sourced<Port>.from(nil, named: "--port", else: "MINIFLAKE_PORT", in: { variables[$0] })
            #expect(fallback?.value.number == 9000)
            #expect(fallback?.source == "MINIFLAKE_PORT")
            #expect(try Sourced<Port>.from(nil, named: "--port", else: nil, in: { variables[$0] }) == nil)
            #expect(try Sourced<Port>.from(nil, named: "--port", else: "MINIFLAKE_PORT", in: { _ in nil }) == nil)
            let error = #expect(throws: ValidationError.self) {
                try Sourced<Port>.from(nil, named: "--port", else: "MINIFLAKE_PORT", in: { _ in "http" })
            }
            #expect(error?.message == "invalid port 'http' for MINIFLAKE_PORT: must be a number in 0...65535")
        }

        @Test("settings from variables alone: host, port, instance, offset and lease")
        func settingsFromVariables() throws {
            let serve = try Serve.parse([])
            let settings = try serve.settings(
                environment: {
                    ["MINIFLAKE_HOST": "0.0.0.0", "MINIFLAKE_PORT": "9000", "MINIFLAKE_INSTANCE": "12"][$0]
                })
            #expect(settings.host == "0.0.0.0")
            #expect(settings.port == 9000)
            #expect(settings.instance == 12)
            #expect(settings.instanceSource == "MINIFLAKE_INSTANCE")
            let options = try Serve.parse(["--host", "::1", "--port", "0", "--instance", "3", "--max-batch", "50"])
                .settings(environment: { ["MINIFLAKE_HOST": "0.0.0.0", "MINIFLAKE_PORT": "9000"][$0] })
            #expect(options.host == "::1")
            #expect(options.port == 0)
            #expect(options.instance == 3)
            #expect(options.instanceSource == "--instance")
            #expect(options.maximumBatchCount == 50)
            let defaults = try serve.settings(environment: { _ in nil })
            #expect(defaults.host == Serve.defaultHost)
            #expect(defaults.port == Serve.defaultPort)
            #expect(defaults.instance == nil)
            #expect(defaults.lease == .file(directory: nil))
        }

        /// Bad command lines of `serve` and the one line each prints, with status 2.
        static let commandLines: [([String], String)] = [
            (["--port", "http"], "the value 'http' is invalid for '--port <port>': must be a number in 0...65535"),
            (["--port", "65536"], "the value '65536' is invalid for '--port <port>': must be a number in 0...65535"),
            (
                ["--instance", "abc"],
                "the value 'abc' is invalid for '--instance <number|ordinal>': must be a number from 0 to the layout's maximum (1023 for miniflake), or 'ordinal'"
            ),
            (
                ["--instance", "70000", "--layout", "sonyflake"],
                "invalid instance '70000' for --instance: must be a number in 0...65535 for the sonyflake layout"
            ),
            (
                ["--instance", "1", "--max-batch", "0"],
                "the value '0' is invalid for '--max-batch <count>': must be a positive number"
            ),
            (
                ["--instance", "1", "--max-batch", "many"],
                "the value 'many' is invalid for '--max-batch <count>': must be a positive number"
            ),
            (
                ["--instance", "1", "--lease", "file"],
                "--instance and --lease cannot be used together: give a number or a lease, not both"
            ),
            (
                ["--lease", "s3://user:secret@bucket"],
                "invalid lease 's3://…' for --lease: must be \(LeaseSpec.forms)"
            ),
            (["--host", ""], "the value '' is invalid for '--host <address>': give an address such as 127.0.0.1"),
            (["--instance", "3", "--instance-offset", "5"], "--instance-offset goes with --instance ordinal only"),
            (
                ["--instance", "ordinal", "--instance-offset", "x"],
                "the value 'x' is invalid for '--instance-offset <number>': must be a whole number"
            ),
            (
                ["--instance", "1", "--log-level", "loud"],
                "the value 'loud' is invalid for '--log-level <level>': must be one of trace, debug, info, notice, warning, error, critical"
            ),
        ]

        @Test("each bad command line prints its one line and exits with 2", arguments: commandLines)
        func commandLine(arguments: [String], message: String) async {
            let run = await InProcessRun.run(["serve"] + arguments)
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "miniflake: \(message)\n")
        }

        /// Bad variables and the message of each.
        static let variables: [([String: String], String)] = [
            (["MINIFLAKE_PORT": "-1"], "invalid port '-1' for MINIFLAKE_PORT: must be a number in 0...65535"),
            (
                ["MINIFLAKE_INSTANCE": "1024"],
                "invalid instance '1024' for MINIFLAKE_INSTANCE: must be a number in 0...1023 for the miniflake layout"
            ),
            (
                ["MINIFLAKE_INSTANCE": "3", "MINIFLAKE_LEASE": "file"],
                "MINIFLAKE_INSTANCE and MINIFLAKE_LEASE are both set: set one, or give --instance or --lease"
            ),
            (
                ["MINIFLAKE_LEASE": "nfs:/srv"],
                "invalid lease 'nfs:/srv' for MINIFLAKE_LEASE: must be \(LeaseSpec.forms)"
            ),
            (["MINIFLAKE_HOST": ""], "invalid host '' for MINIFLAKE_HOST: give an address such as 127.0.0.1"),
            (
                ["MINIFLAKE_PORT": String(repeating: "9", count: 50)],
                "invalid port '\(String(repeating: "9", count: 40))' for MINIFLAKE_PORT: must be a number in 0...65535"
            ),
            (
                ["MINIFLAKE_INSTANCE": "x"],
                "invalid instance 'x' for MINIFLAKE_INSTANCE: must be a number from 0 to the layout's maximum (1023 for miniflake), or 'ordinal'"
            ),
            (
                ["MINIFLAKE_INSTANCE_OFFSET": "5", "MINIFLAKE_INSTANCE": "2"],
                "MINIFLAKE_INSTANCE_OFFSET goes with --instance ordinal only"
            ),
            (
                ["MINIFLAKE_INSTANCE": "ordinal", "MINIFLAKE_INSTANCE_OFFSET": "x"],
                "invalid offset 'x' for MINIFLAKE_INSTANCE_OFFSET: must be a whole number"
            ),
        ]

        @Test("each bad variable is refused with a message that names it", arguments: variables)
        func variable(variables: [String: String], message: String) throws {
            let serve = try Serve.parse([])
            let error = #expect(throws: ValidationError.self) {
                try serve.settings(environment: { variables[$0] }, hostName: { "miniflake-1" })
            }
            #expect(error?.message == message)
        }

        @Test(
            "an option wins over the other's variable: --instance over MINIFLAKE_LEASE, --lease over MINIFLAKE_INSTANCE"
        )
        func optionBeatsOtherVariable() throws {
            let variables = ["MINIFLAKE_INSTANCE": "3", "MINIFLAKE_LEASE": "file:/srv/leases"]
            let numbered = try Serve.parse(["--instance", "5"]).settings(environment: { variables[$0] })
            #expect(numbered.instance == 5)
            let leased = try Serve.parse(["--lease", "file"]).settings(environment: { variables[$0] })
            #expect(leased.instance == nil)
            #expect(leased.lease == .file(directory: nil))
        }

        @Test(
            "--lease-synchronously-replicated, or MINIFLAKE_LEASE_SYNCHRONOUSLY_REPLICATED=1 or true, reaches the lease"
        )
        func synchronouslyReplicated() throws {
            let none: (String) -> String? = { _ in nil }
            #expect(try Serve.parse([]).settings(environment: none).leaseSynchronouslyReplicated == false)
            let flag = try Serve.parse(["--lease-synchronously-replicated"]).settings(environment: none)
            #expect(flag.leaseSynchronouslyReplicated)
            for value in ["1", "true", "TRUE"] {
                let variables = ["MINIFLAKE_LEASE_SYNCHRONOUSLY_REPLICATED": value]
                #expect(try Serve.parse([]).settings(environment: { variables[$0] }).leaseSynchronouslyReplicated)
            }
            let off = ["MINIFLAKE_LEASE_SYNCHRONOUSLY_REPLICATED": "0"]
            #expect(try Serve.parse([]).settings(environment: { off[$0] }).leaseSynchronouslyReplicated == false)
            #expect(try LeaseList.parse(["--lease-synchronously-replicated"]).leaseOptions.synchronouslyReplicated())
        }
    }
#endif
