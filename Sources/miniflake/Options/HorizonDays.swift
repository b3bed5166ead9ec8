#if CLI && Server
    import ArgumentParser

    /// How many days `miniflake serve --registry-reuse-horizon-days` lets a retired instance
    /// number rest: 0 to 36500 (a hundred years), in plain digits.
    struct HorizonDays: ArgumentValue, Equatable {
        /// The most days allowed.
        static let maximum = 36_500

        /// What a bad horizon is called in messages.
        static let noun = "days"

        /// The number of days.
        let value: Int

        /// Reads a number of days up to ``maximum``.
        ///
        /// - Throws: `ValidationError`: `must be a number in 0...36500`.
        init(parsing text: String) throws(ValidationError) {
            value = try WholeNumber.parse(text, in: 0...Self.maximum)
        }
    }
#endif
