#if Postgres
    /// Table and column names that go into SQL text, checked and quoted, since PostgreSQL cannot
    /// take identifiers as parameters.
    enum PostgresIdentifier {
        /// The most bytes PostgreSQL keeps of an identifier (`NAMEDATALEN` - 1).
        static let maximumBytes = 63

        /// `name` in double quotes, when it is a plain identifier: an ASCII letter or `_`, then
        /// ASCII letters, digits or `_`, at most 63 bytes. With `qualified`, `schema.table` is
        /// accepted too, each part checked and quoted.
        ///
        /// Quoting keeps reserved words usable and makes the match exact: a table created
        /// without quotes has a lower-case name.
        ///
        /// - Throws: ``PostgresIntakeError/Code/invalidIdentifier`` for anything else.
        static func quoted(_ name: String, role: String, qualified: Bool = false) throws(PostgresIntakeError) -> String
        {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 1 || (qualified && parts.count == 2) else {
                throw PostgresIntakeError(
                    .invalidIdentifier, message: "the \(role) name \(quote(name)) is not an identifier")
            }
            var quotedParts: [String] = []
            for part in parts {
                guard isPlain(part) else {
                    throw PostgresIntakeError(
                        .invalidIdentifier,
                        message:
                            "the \(role) name \(quote(name)) is not an identifier: use 1 to \(maximumBytes) ASCII letters, digits and _, not starting with a digit"
                    )
                }
                quotedParts.append("\"\(part)\"")
            }
            return quotedParts.joined(separator: ".")
        }

        private static func isPlain(_ part: Substring) -> Bool {
            let bytes = Array(part.utf8)
            guard let first = bytes.first, bytes.count <= maximumBytes else { return false }
            func isLetter(_ byte: UInt8) -> Bool {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
            return isLetter(first)
                && bytes.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }

        /// The name shown in an error message, with control characters escaped.
        private static func quote(_ name: String) -> String {
            "\"\(name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined())\""
        }
    }
#endif
