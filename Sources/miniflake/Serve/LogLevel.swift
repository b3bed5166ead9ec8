#if CLI && Server
    import ArgumentParser
    import Logging

    /// The least severe messages `miniflake serve --log-level` logs: a swift-log level, by name
    /// in any case.
    struct LogLevel: ArgumentValue, Equatable {
        /// The level.
        let level: Logger.Level

        /// What a bad level is called in messages.
        static let noun = "level"

        /// The names, least severe first, for help and completion.
        static let names = Logger.Level.allCases.map(\.rawValue)

        /// `info`, the default.
        static let info = LogLevel(level: .info)

        /// Wraps a level.
        private init(level: Logger.Level) {
            self.level = level
        }

        /// Reads a level's name.
        ///
        /// - Throws: `ValidationError` listing the names.
        init(parsing text: String) throws(ValidationError) {
            guard let level = Logger.Level(rawValue: text.lowercased()) else {
                throw ValidationError("must be one of \(Self.names.joined(separator: ", "))")
            }
            self.level = level
        }
    }
#endif
