#if CLI
    import ArgumentParser

    extension Sourced where Value: ArgumentValue {
        /// The option's value when it was given; else the value of the environment variable
        /// that stands in for it, read as the option reads its text; else `nil`.
        ///
        /// - Throws: `ValidationError` naming the variable and saying what is allowed: `invalid
        ///   port 'x' for MINIFLAKE_PORT: must be a number in 0...65535`, with no more than 40
        ///   characters of the text.
        static func from(
            _ option: Value?, named name: String, else variable: String?, in environment: (String) -> String?
        ) throws -> Sourced? {
            try from(option, named: name, else: variable, in: environment) { text, variable in
                do throws(ValidationError) {
                    return try Value(parsing: text)
                } catch {
                    throw ValidationError(
                        "invalid \(Value.noun) '\(text.prefix(40))' for \(variable): \(error.message)")
                }
            }
        }
    }
#endif
