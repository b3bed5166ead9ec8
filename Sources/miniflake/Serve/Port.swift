#if CLI && Server
    import ArgumentParser

    /// A TCP port for `miniflake serve --port`: 0 (any free port) to 65535.
    struct Port: ExpressibleByArgument, Equatable {
        /// What `--port` allows, for messages.
        static let range = 0...65_535

        /// The port number.
        let number: Int

        /// A port number in ``range``.
        init?(_ number: Int) {
            guard Self.range.contains(number) else { return nil }
            self.number = number
        }

        /// Reads a port written in plain digits; `nil` for anything else or a number past 65535.
        init?(argument: String) {
            guard let number = ArgumentValues.wholeNumber(argument) else { return nil }
            self.init(number)
        }
    }
#endif
