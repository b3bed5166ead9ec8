#if CLI
    import ArgumentParser
    import MiniFlake

    /// A set of instance numbers such as `validate --instances 0-15,32,40-41`: numbers and
    /// ranges separated by commas.
    ///
    /// The layout's range is checked once all options are parsed, with ``check(for:option:)``,
    /// because `--layout` may come after `--instances`.
    struct InstanceRanges: ArgumentValue, Equatable {
        /// The text as given, for messages.
        let text: String
        /// The ranges, each with its low end at most its high end.
        let ranges: [ClosedRange<Int>]

        /// What a bad list is called in messages.
        static let noun = "instance list"

        /// Reads the numbers and ranges.
        ///
        /// - Throws: `ValidationError` naming the item that is no number or range, or the range
        ///   that runs backwards.
        init(parsing text: String) throws(ValidationError) {
            var ranges: [ClosedRange<Int>] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                guard let low = bounds.first.flatMap(WholeNumber.parse),
                    let high = bounds.last.flatMap(WholeNumber.parse)
                else {
                    throw ValidationError(
                        "'\(item.prefix(40))' is not a number or a range such as 0-15; separate items with commas")
                }
                guard low <= high else { throw ValidationError("range \(item) runs backwards") }
                ranges.append(low...high)
            }
            self.text = text
            self.ranges = ranges
        }

        /// Every number in the ranges.
        var numbers: Set<Int> {
            ranges.reduce(into: Set<Int>()) { $0.formUnion($1) }
        }

        /// Refuses numbers that the layout does not have.
        ///
        /// - Throws: `ValidationError`: `invalid instance list '0-2000' for OPTION: 2000 is out of
        ///   range 0...1023 for the miniflake layout`.
        func check(for layout: FlakeLayout, option: String) throws(ValidationError) {
            let maximum = layout.maximumInstanceNumber
            if let high = ranges.map(\.upperBound).first(where: { $0 > maximum }) {
                let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                throw ValidationError(
                    "invalid instance list '\(shown)' for \(option): \(high) is out of range 0...\(maximum) "
                        + "for the \(layout.name) layout")
            }
        }
    }
#endif
