#if CLI
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import ArgumentParser
    import MiniFlake

    /// Reads option values that ArgumentParser hands over as text, and words the one-line
    /// complaint when one is wrong: `invalid count '0': must be a positive number`.
    ///
    /// Options are declared as strings and checked here so that every bad value gets a
    /// message that names it and says what would be right, and exits with status 2.
    enum ArgumentValues {
        /// The preset layout names, for help and completion.
        static let layoutNames = FlakeLayout.presets.map(\.name)

        /// The text formats IDs are read and converted in.
        static let textFormatNames = FlakeTextFormat.allCases.map(\.rawValue)

        /// Reads an environment variable of this process; the default source of the
        /// `MINIFLAKE_*` variables that options fall back on (tests pass their own).
        static func environment(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }
        }

        /// A preset layout by name, in any case.
        static func layout(_ text: String) throws -> FlakeLayout {
            guard let layout = FlakeLayout.preset(named: text) else {
                throw invalid("layout", text, "must be one of \(layoutNames.joined(separator: ", "))")
            }
            return layout
        }

        /// An ID text format by name, for `--from` and `--to`.
        static func textFormat(_ text: String, option: String) throws -> FlakeTextFormat {
            guard let format = FlakeTextFormat(rawValue: text.lowercased()) else {
                throw invalid(
                    "\(option) format", text, "must be one of \(textFormatNames.joined(separator: ", "))")
            }
            return format
        }

        /// An output format for `generate`.
        static func outputFormat(_ text: String) throws -> OutputFormat {
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                let names = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw invalid("format", text, "must be one of \(names)")
            }
            return format
        }

        /// A count of IDs: a positive whole number.
        static func count(_ text: String) throws -> Int {
            guard let value = wholeNumber(text), value > 0 else {
                if isDigits(text), text.contains(where: { $0 != "0" }) {
                    throw invalid("count", text, "must be at most \(Int.max)")
                }
                throw invalid("count", text, "must be a positive number")
            }
            return value
        }

        /// An instance number that fits the layout.
        static func instance(_ text: String, layout: FlakeLayout) throws -> Int {
            guard let value = wholeNumber(text), value <= layout.maximumInstanceNumber else {
                throw invalid(
                    "instance", text,
                    "must be a number in 0...\(layout.maximumInstanceNumber) for the \(layout.name) layout")
            }
            return value
        }

        /// A duration in milliseconds: a whole number with `ms`, `s`, `m` or `h` after it, or
        /// a bare number of milliseconds.
        static func milliseconds(_ text: String, option: String) throws -> Int64 {
            let units: [(suffix: String, milliseconds: Int64)] = [
                ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("", 1),
            ]
            let lowered = text.lowercased()
            for unit in units where lowered.hasSuffix(unit.suffix) {
                let number = lowered.dropLast(unit.suffix.count)
                guard let value = wholeNumber(number) else { break }
                let (product, overflow) = Int64(value).multipliedReportingOverflow(by: unit.milliseconds)
                guard !overflow else {
                    throw invalid("duration", text, "is too long", option: option)
                }
                return product
            }
            throw invalid(
                "duration", text, "use a whole number with ms, s, m or h after it, such as 500ms, 5s, 2m or 1h",
                option: option)
        }

        /// A set of instance numbers written as numbers and ranges: `0-15,32,40-41`.
        static func instanceSet(_ text: String, layout: FlakeLayout, option: String) throws -> Set<Int> {
            let maximum = layout.maximumInstanceNumber
            var result = Set<Int>()
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                guard let low = bounds.first.flatMap(wholeNumber), let high = bounds.last.flatMap(wholeNumber)
                else {
                    throw invalid(
                        "instance list", text,
                        "'\(item)' is not a number or a range such as 0-15; separate items with commas",
                        option: option)
                }
                guard low <= high else {
                    throw invalid("instance list", text, "range \(item) runs backwards", option: option)
                }
                guard high <= maximum else {
                    throw invalid(
                        "instance list", text,
                        "\(high) is out of range 0...\(maximum) for the \(layout.name) layout", option: option)
                }
                result.formUnion(low...high)
            }
            return result
        }

        /// A non-negative whole number of plain ASCII digits, or `nil`.
        static func wholeNumber(_ text: some StringProtocol) -> Int? {
            guard isDigits(text) else { return nil }
            return Int(text)
        }

        /// Whether the text is one or more ASCII digits and nothing else.
        private static func isDigits(_ text: some StringProtocol) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }

        /// The error for a bad value: `invalid WHAT 'VALUE' for OPTION: WHY`.
        private static func invalid(
            _ what: String, _ value: String, _ why: String, option: String? = nil
        ) -> ValidationError {
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            let place = option.map { " for \($0)" } ?? ""
            return ValidationError("invalid \(what) '\(shown)'\(place): \(why)")
        }
    }
#endif
