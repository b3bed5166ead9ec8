#if Server && GRDB
    /// A command line or environment the server cannot run with.
    struct ServerOptionsError: Error, Sendable, CustomStringConvertible {
        /// What is wrong, for a person.
        let description: String

        /// Makes an error.
        init(_ description: String) {
            self.description = description
        }
    }
#endif
