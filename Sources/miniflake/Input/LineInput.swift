#if CLI
    /// A source of text lines: standard input for the real program, a string in tests.
    protocol LineInput: AnyObject {
        /// Whether the next ``nextLine()`` may have to wait for more input, so that output
        /// written so far should be flushed first (an interactive user sees each answer).
        var mayBlock: Bool { get }

        /// The next line without its line break, or `nil` at the end of the input.
        ///
        /// - Throws: An error when the input cannot be read.
        func nextLine() throws -> String?
    }
#endif
