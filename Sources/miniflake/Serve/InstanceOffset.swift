#if CLI && Server
    import ArgumentParser

    /// What `miniflake serve --instance-offset` or `MINIFLAKE_INSTANCE_OFFSET` adds to a
    /// StatefulSet ordinal: a whole number in plain digits.
    struct InstanceOffset: ArgumentValue, Equatable {
        /// The number.
        let value: Int

        /// What a bad offset is called in messages.
        static let noun = "offset"

        /// Reads a whole number.
        ///
        /// - Throws: `ValidationError`: `must be a whole number`.
        init(parsing text: String) throws(ValidationError) {
            guard let value = WholeNumber.parse(text) else { throw ValidationError("must be a whole number") }
            self.value = value
        }
    }
#endif
