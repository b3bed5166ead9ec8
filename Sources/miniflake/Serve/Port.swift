#if CLI && Server
    import ArgumentParser

    /// A TCP port for `miniflake serve --port` or `MINIFLAKE_PORT`: 0 (any free port) to 65535,
    /// in plain digits.
    struct Port: ArgumentValue, Equatable {
        /// What `--port` allows, for messages.
        static let range = 0...65_535

        /// What a bad port is called in messages.
        static let noun = "port"

        /// The port number.
        let number: Int

        /// Reads a port number in ``range``.
        ///
        /// - Throws: `ValidationError`: `must be a number in 0...65535`.
        init(parsing text: String) throws(ValidationError) {
            number = try WholeNumber.parse(text, in: Self.range)
        }
    }
#endif
