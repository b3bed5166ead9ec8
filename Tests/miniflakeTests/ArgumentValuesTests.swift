#if CLI
    import ArgumentParser
    import MiniFlake
    import Testing

    @testable import miniflake

    /// The option readers and their messages.
    @Suite struct ArgumentValuesTests {
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
                #expect(try ArgumentValues.milliseconds(text, option: "--max-skew") == expected, "\(text)")
            }
            for text in ["", "5x", "-5s", "1.5s", "s", "5 s", "ms", "99999999999999999999h"] {
                let said = message { try ArgumentValues.milliseconds(text, option: "--max-skew") }
                #expect(said?.hasPrefix("invalid duration '\(text)' for --max-skew: ") == true, "\(text)")
            }
            #expect(
                message { try ArgumentValues.milliseconds("9223372036854775807h", option: "--max-skew") }
                    == "invalid duration '9223372036854775807h' for --max-skew: is too long")
        }

        /// Numbers and ranges, the layout's bound, and malformed lists.
        @Test func instanceSets() throws {
            let set = try ArgumentValues.instanceSet("0-15,32,40-41", layout: .miniFlake, option: "--instances")
            #expect(set == Set(0...15).union([32, 40, 41]))
            #expect(try ArgumentValues.instanceSet("7", layout: .miniFlake, option: "--instances") == [7])
            #expect(
                try ArgumentValues.instanceSet("65535", layout: .sonyflake, option: "--instances") == [65535])
            #expect(
                message { try ArgumentValues.instanceSet("3-1", layout: .miniFlake, option: "--instances") }
                    == "invalid instance list '3-1' for --instances: range 3-1 runs backwards")
            #expect(
                message { try ArgumentValues.instanceSet("0-1024", layout: .miniFlake, option: "--instances") }
                    == "invalid instance list '0-1024' for --instances: 1024 is out of range 0...1023 for the miniflake layout"
            )
            for text in ["", "a", "1,,2", "1-", "-1", "1-2-3", " 1", "1,"] {
                let said = message { try ArgumentValues.instanceSet(text, layout: .miniFlake, option: "--instances") }
                #expect(said?.hasPrefix("invalid instance list '\(text)' for --instances: ") == true, "\(text)")
            }
        }

        /// Positive counts pass; zero, signs, words and overflow do not.
        @Test func counts() throws {
            #expect(try ArgumentValues.count("1") == 1)
            #expect(try ArgumentValues.count("0010") == 10)
            for text in ["0", "-5", "abc", "", "+5", "1e3", " 5"] {
                #expect(
                    message { try ArgumentValues.count(text) } == "invalid count '\(text)': must be a positive number")
            }
            #expect(
                message { try ArgumentValues.count("99999999999999999999") }
                    == "invalid count '99999999999999999999': must be at most 9223372036854775807")
        }

        /// Instance numbers are checked against the layout.
        @Test func instances() throws {
            #expect(try ArgumentValues.instance("1023", layout: .miniFlake) == 1023)
            #expect(try ArgumentValues.instance("65535", layout: .sonyflake) == 65535)
            #expect(
                message { try ArgumentValues.instance("1024", layout: .miniFlake) }
                    == "invalid instance '1024': must be a number in 0...1023 for the miniflake layout")
            #expect(
                message { try ArgumentValues.instance("-1", layout: .twitter) }
                    == "invalid instance '-1': must be a number in 0...1023 for the twitter layout")
        }

        /// Layout and format names, in any case, and the messages for unknown ones.
        @Test func layoutsAndFormats() throws {
            #expect(try ArgumentValues.layout("Discord") == .discord)
            #expect(
                message { try ArgumentValues.layout("flickr") }
                    == "invalid layout 'flickr': must be one of miniflake, twitter, discord, sonyflake, js53")
            #expect(try ArgumentValues.textFormat("HEX", option: "--from") == .hex)
            #expect(
                message { try ArgumentValues.textFormat("json", option: "--to") }
                    == "invalid --to format 'json': must be one of decimal, hex, base32")
            #expect(try ArgumentValues.outputFormat("json") == .json)
        }

        /// A long bad value is cut to 40 characters in the message.
        @Test func longValuesAreShortenedInMessages() {
            let long = String(repeating: "x", count: 100)
            #expect(
                message { try ArgumentValues.layout(long) }
                    == "invalid layout '\(String(repeating: "x", count: 40))…': must be one of miniflake, twitter, discord, sonyflake, js53"
            )
        }
    }
#endif
