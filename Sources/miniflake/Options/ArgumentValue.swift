#if CLI
    import ArgumentParser

    /// A value an option reads from its text once, while the command line is parsed, through
    /// `@Option(transform: Value.init(parsing:))`.
    ///
    /// A text it cannot read is refused with a `ValidationError` that says what is allowed
    /// (`must be a positive number`); ArgumentParser puts it after its own words, so the usage
    /// error reads `the value '0' is invalid for '-n <count>': must be a positive number`. For
    /// `miniflake serve`, the `MINIFLAKE_*` variable that stands in for an option is read by the
    /// same initializer (see ``Sourced``).
    protocol ArgumentValue: Sendable {
        /// What the value is called when a variable gives a bad one: `port` in
        /// `invalid port 'x' for MINIFLAKE_PORT: must be a number in 0...65535`.
        static var noun: String { get }

        /// Reads the text.
        ///
        /// - Throws: `ValidationError` saying what is allowed, without quoting the text.
        init(parsing text: String) throws(ValidationError)
    }
#endif
