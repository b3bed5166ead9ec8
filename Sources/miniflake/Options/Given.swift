#if CLI
    import ArgumentParser

    /// A value given to an option, or to the environment variable that stands in for it: its
    /// text, where it came from, and the reading of its `ExpressibleByArgument` type.
    ///
    /// ArgumentParser refuses a text its type cannot read in its own words (`The value 'x' is
    /// invalid for '--port <port>'`), before any variable is looked at. Options declared as
    /// `Given<Port>` take any text instead, and the settings read it with ``read(_:_:accepting:)``,
    /// which refuses a bad one in `miniflake`'s one line that names the option or variable and
    /// says what is allowed (`invalid port 'x' for MINIFLAKE_PORT: must be a number in 0...65535`),
    /// with exit status 2.
    struct Given<Value: ExpressibleByArgument>: ExpressibleByArgument {
        /// The text as given.
        let text: String
        /// The option (`--port`) or environment variable (`MINIFLAKE_PORT`) that gave it.
        let source: String

        /// A text from the option or variable `source`.
        init(_ text: String, source: String) {
            self.text = text
            self.source = source
        }

        /// Any text from the command line; ``from(_:named:else:in:)`` names its option.
        init(argument: String) {
            self.init(argument, source: "")
        }

        /// The option's completion, from the value's type.
        static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }

        /// The value the text reads as, or `nil` when it reads as none.
        var value: Value? { Value(argument: text) }

        /// The value, when the text reads as one that `accepting` takes.
        ///
        /// - Parameters:
        ///   - what: What the value is called in the message: `port`.
        ///   - why: What is allowed: `must be a number in 0...65535`.
        ///   - accepting: A further check, such as a range that depends on other options.
        /// - Throws: ``invalid(_:_:)``'s `ValidationError` (a usage error).
        func read(_ what: String, _ why: String, accepting: (Value) -> Bool = { _ in true }) throws -> Value {
            guard let value, accepting(value) else { throw invalid(what, why) }
            return value
        }

        /// The usage error for this text: `invalid WHAT 'TEXT' for SOURCE: WHY`, with no more than
        /// 40 characters of the text.
        func invalid(_ what: String, _ why: String) -> ValidationError {
            ValidationError("invalid \(what) '\(text.prefix(40))' for \(source): \(why)")
        }

        /// The option's value, said to come from the option, when it was given; else the value of
        /// the environment variable that stands in for it; else `nil`. Every `MINIFLAKE_*`
        /// variable that stands in for an option is read through here (the registry's token is
        /// not an option's, but a token file's alternative: ``RegistryOptions`` reads it).
        ///
        /// - Parameters:
        ///   - option: The option's value, or `nil` when it was not given.
        ///   - name: The option's name: `--port`.
        ///   - variable: The variable's name, or `nil` when none stands in for the option (or
        ///     another option on the command line wins over it).
        ///   - environment: Reads a variable (tests pass their own).
        static func from(
            _ option: Given?, named name: String, else variable: String?, in environment: (String) -> String?
        ) -> Given? {
            if let option { return Given(option.text, source: name) }
            guard let variable, let text = environment(variable) else { return nil }
            return Given(text, source: variable)
        }
    }
#endif
