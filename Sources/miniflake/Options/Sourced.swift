#if CLI
    import ArgumentParser

    /// A value that an option gives, or else the environment variable that stands in for it,
    /// with the name of the one it came from: `--port` or `MINIFLAKE_PORT`.
    ///
    /// Only the options of `miniflake serve` (and `--lease`, which `miniflake lease` shares with
    /// it) have such variables; every `MINIFLAKE_*` variable that stands in for an option is read
    /// through ``from(_:named:else:in:read:)``. The registry's token is not an option's, but a
    /// token file's alternative: ``RegistryOptions`` reads it.
    struct Sourced<Value> {
        /// The value.
        let value: Value
        /// The option (`--port`) or environment variable (`MINIFLAKE_PORT`) that gave it.
        let source: String

        /// The option's value, said to come from the option, when it was given; else the value
        /// of the environment variable that stands in for it, read by `read`; else `nil`.
        ///
        /// - Parameters:
        ///   - option: The option's value, or `nil` when it was not given.
        ///   - name: The option's name: `--port`.
        ///   - variable: The variable's name, or `nil` when none stands in for the option (or
        ///     another option on the command line wins over it).
        ///   - environment: Reads a variable (tests pass their own).
        ///   - read: Reads the variable's text; it is handed the text and the variable's name.
        /// - Throws: `read`'s `ValidationError`, a usage error.
        static func from(
            _ option: Value?, named name: String, else variable: String?, in environment: (String) -> String?,
            read: (_ text: String, _ variable: String) throws -> Value
        ) throws -> Sourced? {
            if let option { return Sourced(value: option, source: name) }
            guard let variable, let text = environment(variable) else { return nil }
            return Sourced(value: try read(text, variable), source: variable)
        }
    }
#endif
