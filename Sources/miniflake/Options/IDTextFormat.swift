#if CLI
    import ArgumentParser
    import MiniFlake

    /// A text format of IDs named on the command line, such as `--from hex`: `decimal`, `hex` or
    /// `base32`, in any case. Help and completion list them, and ArgumentParser refuses any other
    /// name with them.
    enum IDTextFormat: String, ExpressibleByArgument, CaseIterable {
        /// Base 10.
        case decimal
        /// 16 hexadecimal digits.
        case hex
        /// 13 Crockford base32 symbols.
        case base32

        /// The format a name stands for, in any case; `nil` for any other text.
        init?(argument: String) {
            self.init(rawValue: argument.lowercased())
        }

        /// The core's format of the same name.
        var format: FlakeTextFormat {
            switch self {
            case .decimal: .decimal
            case .hex: .hex
            case .base32: .base32
            }
        }
    }
#endif
