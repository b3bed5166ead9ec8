#if CLI
    /// The IDs a command works on: its arguments, or else the lines of standard input.
    ///
    /// Input lines are trimmed of spaces, tabs and carriage returns; blank lines are skipped
    /// but still counted, so line numbers in messages match the input.
    struct IDSource {
        /// The IDs given on the command line; when empty, IDs come from the input.
        let arguments: [String]

        /// Calls `body` with each ID's text and, for input lines, its 1-based line number.
        ///
        /// - Parameters:
        ///   - input: Read when there are no arguments.
        ///   - beforeWaiting: Called before a read that may block, to flush output.
        ///   - body: Handles one ID.
        func forEach(
            input: any LineInput,
            beforeWaiting: () throws -> Void = {},
            _ body: (_ text: Substring, _ line: Int?) throws -> Void
        ) throws {
            if !arguments.isEmpty {
                for argument in arguments {
                    try body(Substring(argument), nil)
                }
                return
            }
            var lineNumber = 0
            while true {
                if input.mayBlock {
                    try beforeWaiting()
                }
                guard let line = try input.nextLine() else { return }
                lineNumber += 1
                let text = Self.trimmed(line)
                if !text.isEmpty {
                    try body(text, lineNumber)
                }
            }
        }

        /// What goes before a message about an ID: `line 3: ` for an input line, nothing for
        /// an argument.
        static func prefix(line: Int?) -> String {
            line.map { "line \($0): " } ?? ""
        }

        /// The line without surrounding spaces, tabs, carriage returns and line feeds.
        static func trimmed(_ line: String) -> Substring {
            let bytes = line.utf8
            let isBlank: (UInt8) -> Bool = {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
                    || $0 == UInt8(ascii: "\n")
            }
            guard let first = bytes.firstIndex(where: { !isBlank($0) }),
                let last = bytes.lastIndex(where: { !isBlank($0) })
            else { return "" }
            return Substring(bytes[first...last])
        }
    }
#endif
