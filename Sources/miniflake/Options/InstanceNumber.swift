#if CLI
    import ArgumentParser
    import MiniFlake

    /// An instance number, such as `generate --instance 7`: a whole number in plain digits.
    ///
    /// The layout's range is checked once all options are parsed, with ``checked(for:)``,
    /// because `--layout` may come after `--instance`.
    struct InstanceNumber: ArgumentValue, Equatable {
        /// The number.
        let value: Int

        /// What a bad instance number is called in messages.
        static let noun = "instance"

        /// Reads a whole number.
        ///
        /// - Throws: `ValidationError` saying what an instance number is.
        init(parsing text: String) throws(ValidationError) {
            guard let value = WholeNumber.parse(text) else {
                throw ValidationError("must be a number from 0 to the layout's maximum (1023 for miniflake)")
            }
            self.value = value
        }

        /// The number, when the layout has it.
        ///
        /// - Throws: `ValidationError`: `invalid instance '1024': must be a number in 0...1023
        ///   for the miniflake layout`.
        func checked(for layout: FlakeLayout) throws(ValidationError) -> Int {
            try Self.checked(value, for: layout)
        }

        /// A number read from `source` (an option or a variable, named in the message when
        /// given), when the layout has it.
        ///
        /// - Throws: `ValidationError`: `invalid instance '1024' for MINIFLAKE_INSTANCE: must be a
        ///   number in 0...1023 for the miniflake layout`.
        static func checked(_ value: Int, for layout: FlakeLayout, from source: String? = nil) throws(ValidationError)
            -> Int
        {
            guard value <= layout.maximumInstanceNumber else {
                let given = source.map { "'\(value)' for \($0)" } ?? "'\(value)'"
                throw ValidationError(
                    "invalid instance \(given): must be a number in 0...\(layout.maximumInstanceNumber) "
                        + "for the \(layout.name) layout")
            }
            return value
        }
    }
#endif
