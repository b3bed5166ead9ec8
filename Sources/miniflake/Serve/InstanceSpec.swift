#if CLI && Server
    import ArgumentParser

    /// What `miniflake serve --instance` or `MINIFLAKE_INSTANCE` asks for: a number, or the pod's
    /// StatefulSet ordinal.
    ///
    /// A number is checked against the layout when the settings are resolved, because
    /// `--layout` may come after `--instance`.
    enum InstanceSpec: ArgumentValue, Equatable {
        /// This instance number.
        case number(Int)
        /// The StatefulSet ordinal (plus `--instance-offset`): see `Serve.ordinalInstance`.
        case ordinal

        /// What a bad instance is called in messages.
        static let noun = "instance"

        /// Reads `ordinal` or a number in plain digits.
        ///
        /// - Throws: `ValidationError` saying what is allowed.
        init(parsing text: String) throws(ValidationError) {
            if text == "ordinal" {
                self = .ordinal
            } else if let number = WholeNumber.parse(text) {
                self = .number(number)
            } else {
                throw ValidationError(
                    "must be a number from 0 to the layout's maximum (1023 for miniflake), or 'ordinal'")
            }
        }
    }
#endif
