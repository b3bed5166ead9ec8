#if CLI
    import ArgumentParser

    /// A whole number of plain ASCII digits, such as `--instance-offset 512`: no sign, no
    /// spaces, no more than `Int.max`.
    struct WholeNumber: ExpressibleByArgument, Equatable {
        /// The number.
        let value: Int

        /// Reads digits only; `nil` for anything else.
        init?(argument: String) {
            guard let value = ArgumentValues.wholeNumber(argument) else { return nil }
            self.value = value
        }
    }
#endif
