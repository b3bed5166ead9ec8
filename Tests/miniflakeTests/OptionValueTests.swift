#if CLI
    import ArgumentParser
    import MiniFlake
    import MiniFlakeSupport
    import Testing

    @testable import miniflake

    /// The types options are read as, and what each says about a text it refuses.
    @Suite struct OptionValueTests {
        /// The message of the `ValidationError` the body throws, or `nil`.
        func message(_ body: () throws -> Any) -> String? {
            do {
                _ = try body()
                return nil
            } catch let error as ValidationError {
                return error.message
            } catch {
                return "unexpected \(error)"
            }
        }

        /// Durations with each unit, bare milliseconds, and the ones refused.
        @Test func durations() throws {
            let cases: [(String, Int64)] = [
                ("500ms", 500), ("5s", 5000), ("2m", 120_000), ("1h", 3_600_000), ("250", 250), ("0", 0),
                ("5S", 5000), ("10MS", 10),
            ]
            for (text, expected) in cases {
                #expect(try Milliseconds(parsing: text).value == expected, "\(text)")
            }
            for text in ["", "5x", "-5s", "1.5s", "s", "5 s", "ms", "99999999999999999999h"] {
                #expect(
                    message { try Milliseconds(parsing: text) }
                        == "use a whole number with ms, s, m or h after it, such as 500ms, 5s, 2m or 1h", "\(text)")
            }
            #expect(message { try Milliseconds(parsing: "9223372036854775807h") } == "is too long")
        }

        /// Numbers and ranges, malformed lists, and the layout's bound once the layout is known.
        @Test func instanceRanges() throws {
            let ranges = try InstanceRanges(parsing: "0-15,32,40-41")
            #expect(ranges.numbers == Set(0...15).union([32, 40, 41]))
            #expect(try InstanceRanges(parsing: "7").numbers == [7])
            let wide = try InstanceRanges(parsing: "65535")
            #expect(throws: Never.self) { try wide.check(for: .sonyflake, option: "--instances") }
            #expect(message { try InstanceRanges(parsing: "3-1") } == "range 3-1 runs backwards")
            let tooHigh = try InstanceRanges(parsing: "0-1024")
            #expect(
                message { try tooHigh.check(for: .miniFlake, option: "--instances") }
                    == "invalid instance list '0-1024' for --instances: 1024 is out of range 0...1023 for the miniflake layout"
            )
            for text in ["", "a", "1,,2", "1-", "-1", "1-2-3", " 1", "1,"] {
                let said = message { try InstanceRanges(parsing: text) }
                #expect(said?.hasSuffix("is not a number or a range such as 0-15; separate items with commas") == true)
            }
        }

        /// Positive counts pass; zero, signs, words and overflow do not.
        @Test func counts() throws {
            #expect(try IDCount(parsing: "1").value == 1)
            #expect(try IDCount(parsing: "0010").value == 10)
            for text in ["0", "-5", "abc", "", "+5", "1e3", " 5"] {
                #expect(message { try IDCount(parsing: text) } == "must be a positive number", "\(text)")
            }
            #expect(message { try IDCount(parsing: "99999999999999999999") } == "must be at most 9223372036854775807")
        }

        /// Instance numbers are whole numbers, checked against the layout once it is known.
        @Test func instances() throws {
            #expect(try InstanceNumber(parsing: "1023").checked(for: .miniFlake) == 1023)
            #expect(try InstanceNumber(parsing: "65535").checked(for: .sonyflake) == 65535)
            #expect(
                message { try InstanceNumber(parsing: "1024").checked(for: .miniFlake) }
                    == "invalid instance '1024': must be a number in 0...1023 for the miniflake layout")
            #expect(message { try InstanceNumber(parsing: "-1") }?.hasPrefix("must be a number from 0") == true)
        }

        /// Layout and format names, in any case; help and completion list every name.
        @Test func layoutsAndFormats() {
            #expect(LayoutPreset(argument: "Discord")?.layout == .discord)
            #expect(LayoutPreset(argument: "flickr") == nil)
            #expect(LayoutPreset.allValueStrings == ["miniflake", "twitter", "discord", "sonyflake", "js53"])
            #expect(IDTextFormat(argument: "HEX")?.format == .hex)
            #expect(IDTextFormat(argument: "json") == nil)
            #expect(OutputFormat(argument: "JSON") == .json)
            #expect(OutputFormat.allValueStrings == ["decimal", "hex", "base32", "json"])
            #expect(FlakeIDForm(argument: "UUID") == .uuid)
            #expect(FlakeIDForm(argument: "base32") == .base32)
            #expect(FlakeIDForm(argument: "json") == nil)
            #expect(FlakeIDForm.allValueStrings == ["decimal", "hex", "base32", "uuid"])
        }

        /// A value that may hold a password keeps its refusal for `validate()`, unquoted.
        @Test func secretBearingValuesKeepTheirRefusal() {
            let refused = SecretBearing("mysql://root:hunter2@db") { text throws(ValidationError) in
                try LeaseSpec(text, source: "--lease")
            }
            let said = message { try refused.value() }
            #expect(said?.hasPrefix("invalid lease 'mysql://…' for --lease: ") == true)
            #expect(said?.contains("hunter2") == false)
            let read = SecretBearing("file:/srv") { text throws(ValidationError) in
                try LeaseSpec(text, source: "--lease")
            }
            #expect(message { try read.value() } == nil)
        }
    }
#endif
