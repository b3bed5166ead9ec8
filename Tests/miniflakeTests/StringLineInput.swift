#if CLI
    @testable import miniflake

    /// A ``LineInput`` that hands out the lines of a string, for tests.
    final class StringLineInput: LineInput {
        private var lines: [String]
        private var next = 0

        /// Splits the text into lines at each `\n` byte, as `FileLineReader` does; a final
        /// line break ends the last line.
        init(_ text: String) {
            var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            if text.utf8.last == UInt8(ascii: "\n") || text.isEmpty {
                lines.removeLast()
            }
            self.lines = lines
        }

        /// A string never waits.
        var mayBlock: Bool { false }

        /// The next line, or `nil` after the last.
        func nextLine() throws -> String? {
            guard next < lines.count else { return nil }
            defer { next += 1 }
            return lines[next]
        }
    }
#endif
