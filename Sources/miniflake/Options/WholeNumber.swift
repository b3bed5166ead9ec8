#if CLI
    import ArgumentParser

    /// Reads whole numbers written in plain ASCII digits, as every numeric option takes them:
    /// no sign, no spaces, no more than `Int.max`.
    enum WholeNumber {
        /// The number the text is, or `nil` for anything else.
        static func parse(_ text: some StringProtocol) -> Int? {
            guard isDigits(text) else { return nil }
            return Int(text)
        }

        /// The number the text is, when it lies in `range`.
        ///
        /// - Throws: `ValidationError`: `must be a number in 0...65535` (the range as given).
        static func parse(_ text: some StringProtocol, in range: ClosedRange<Int>) throws(ValidationError) -> Int {
            guard let number = parse(text), range.contains(number) else {
                throw ValidationError("must be a number in \(range)")
            }
            return number
        }

        /// Whether the text is one or more ASCII digits and nothing else.
        static func isDigits(_ text: some StringProtocol) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
    }
#endif
