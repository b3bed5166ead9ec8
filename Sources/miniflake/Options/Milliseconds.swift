#if CLI
    import ArgumentParser

    /// A length of time such as `validate --max-skew 5s`: a whole number with `ms`, `s`, `m` or
    /// `h` after it (in any case), or a bare number of milliseconds.
    struct Milliseconds: ArgumentValue, Equatable {
        /// The length in milliseconds.
        let value: Int64

        /// What a bad duration is called in messages.
        static let noun = "duration"

        /// The units, longest suffix first, so that `ms` is not read as `m`.
        private static let units: [(suffix: String, milliseconds: Int64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("", 1),
        ]

        /// A length known to fit.
        init(_ value: Int64) {
            self.value = value
        }

        /// Reads a number and its unit.
        ///
        /// - Throws: `ValidationError` showing the forms allowed, or `is too long` past
        ///   `Int64.max` milliseconds.
        init(parsing text: String) throws(ValidationError) {
            let lowered = text.lowercased()
            for unit in Self.units where lowered.hasSuffix(unit.suffix) {
                guard let number = WholeNumber.parse(lowered.dropLast(unit.suffix.count)) else { break }
                let (product, overflow) = Int64(number).multipliedReportingOverflow(by: unit.milliseconds)
                guard !overflow else { throw ValidationError("is too long") }
                self.value = product
                return
            }
            throw ValidationError("use a whole number with ms, s, m or h after it, such as 500ms, 5s, 2m or 1h")
        }
    }
#endif
