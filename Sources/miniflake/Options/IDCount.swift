#if CLI
    import ArgumentParser

    /// A count of IDs, such as `generate -n 1000` or `serve --max-batch 500`: a positive whole
    /// number in plain digits.
    struct IDCount: ArgumentValue, Equatable {
        /// The number.
        let value: Int

        /// What a bad count is called in messages.
        static let noun = "count"

        /// One ID, `generate`'s default.
        static let one = IDCount(positive: 1)

        /// A count known to be positive.
        private init(positive value: Int) {
            self.value = value
        }

        /// Reads a positive whole number.
        ///
        /// - Throws: `ValidationError`: `must be a positive number`, or `must be at most
        ///   9223372036854775807` for digits past `Int.max`.
        init(parsing text: String) throws(ValidationError) {
            guard let value = WholeNumber.parse(text), value > 0 else {
                if WholeNumber.isDigits(text), text.contains(where: { $0 != "0" }) {
                    throw ValidationError("must be at most \(Int.max)")
                }
                throw ValidationError("must be a positive number")
            }
            self.value = value
        }
    }
#endif
