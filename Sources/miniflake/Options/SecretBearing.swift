#if CLI
    import ArgumentParser

    /// The value of an option whose text may hold a password, such as `--lease
    /// postgres://USER:PASSWORD@HOST/DATABASE`.
    ///
    /// It is read once, while the command line is parsed, like every other option. But
    /// ArgumentParser's usage error for a text that cannot be read quotes the whole text, so a
    /// text this type's reader refuses is kept with the refusal (worded by the reader, without
    /// the secret), and the options' `validate()` throws it through ``value()``.
    struct SecretBearing<Value> {
        /// The value, or why the text is none.
        private let reading: Result<Value, ValidationError>

        /// Reads the text with `read`, keeping its refusal for ``value()``.
        init(_ text: String, read: (String) throws(ValidationError) -> Value) {
            do throws(ValidationError) {
                reading = .success(try read(text))
            } catch {
                reading = .failure(error)
            }
        }

        /// The value read.
        ///
        /// - Throws: The reader's `ValidationError` when the text was none of the forms.
        func value() throws(ValidationError) -> Value {
            try reading.get()
        }
    }
#endif
