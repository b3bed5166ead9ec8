#if CLI && Server
    import ArgumentParser

    /// The address `miniflake serve --host` or `MINIFLAKE_HOST` listens on: any text but an
    /// empty one; the server says whether it can bind it.
    struct HostAddress: ArgumentValue, Equatable {
        /// The address.
        let text: String

        /// What a bad address is called in messages.
        static let noun = "host"

        /// Reads an address.
        ///
        /// - Throws: `ValidationError` for an empty text.
        init(parsing text: String) throws(ValidationError) {
            guard !text.isEmpty else { throw ValidationError("give an address such as 127.0.0.1") }
            self.text = text
        }
    }
#endif
