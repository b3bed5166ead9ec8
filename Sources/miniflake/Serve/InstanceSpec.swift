#if CLI && Server
    import ArgumentParser

    /// What `miniflake serve --instance` asks for: a number, or the pod's StatefulSet ordinal.
    ///
    /// A number is checked against the layout when the settings are resolved, because
    /// `--layout` may come after `--instance`.
    enum InstanceSpec: ExpressibleByArgument, Equatable {
        /// This instance number.
        case number(Int)
        /// The StatefulSet ordinal (plus `--instance-offset`): see `Serve.ordinalInstance`.
        case ordinal

        /// Reads `ordinal` or a number in plain digits; `nil` for anything else.
        init?(argument: String) {
            if argument == "ordinal" {
                self = .ordinal
            } else if let number = ArgumentValues.wholeNumber(argument) {
                self = .number(number)
            } else {
                return nil
            }
        }
    }
#endif
