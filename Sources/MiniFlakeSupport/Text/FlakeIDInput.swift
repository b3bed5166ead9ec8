import MiniFlake

/// Reads an ID written in any of the forms people paste: the one parser behind the HTTP
/// service's `GET /v1/ids/{id}` and the command line's `decode`, `validate` and `convert`.
///
/// Without a form named:
/// - 36 characters with hyphens at the UUID's places is a version-7 UUID (``FlakeUUID``), which
///   names its own layout;
/// - `0x` or `0X` and 1 to 16 hex digits is hex;
/// - otherwise every form that reads the text and whose value the layout holds is a reading:
///   decimal (digits), hex (exactly 16 digits, as MiniFlake writes it) and base32 (13 symbols,
///   hyphens aside). Of several (a 16-digit or 13-digit number), the first in that order wins:
///   all digits is decimal, whatever the clock says, as on the inspector page. The reading
///   names the other forms (``FlakeIDReading/alsoReadsAs``), and every answer shows them, so
///   that no text is read by a silent guess; `--from` (or `0x`) reads another.
package enum FlakeIDInput {
    /// Reads `text`, in `form` when one is named.
    ///
    /// - Parameters:
    ///   - text: The ID's text, already trimmed.
    ///   - form: The form to read it in; `nil` reads any.
    ///   - layout: The layout that must hold the value (a UUID carries its own).
    /// - Throws: ``FlakeIDInputError`` saying what is wrong with the text.
    package static func read(
        _ text: some StringProtocol, as form: FlakeIDForm? = nil, layout: FlakeLayout
    ) throws(FlakeIDInputError) -> FlakeIDReading {
        let text = Substring(text)
        if let form { return try read(text, in: form) }
        if looksLikeUUID(text) { return try read(text, in: .uuid) }
        if hexDigits(afterPrefixOf: text) != nil { return try read(text, in: .hex) }

        var readings: [FlakeIDReading] = []
        var firstReadable: FlakeIDReading?
        for candidate in candidates(for: text) {
            guard let reading = try? read(text, in: candidate) else { continue }
            if firstReadable == nil { firstReadable = reading }
            if layout.contains(reading.id) { readings.append(reading) }
        }
        if let first = readings.first { return first.alsoReading(as: readings.dropFirst().map(\.form)) }
        if let firstReadable { return firstReadable }  // the caller reports after_last_tick
        throw unreadable(text)
    }

    /// Reads `text` in one form; hex may carry a `0x` prefix.
    private static func read(_ text: Substring, in form: FlakeIDForm) throws(FlakeIDInputError) -> FlakeIDReading {
        do throws(FlakeParseError) {
            switch form {
            case .decimal: return FlakeIDReading(id: try FlakeID(decimal: text), form: form)
            case .hex: return FlakeIDReading(id: try FlakeID(hex: hexDigits(afterPrefixOf: text) ?? text), form: form)
            case .base32: return FlakeIDReading(id: try FlakeID(base32: text), form: form)
            case .uuid: break
            }
        } catch {
            throw FlakeIDInputError(error)
        }
        do throws(FlakeUUIDError) {
            let uuid = try FlakeUUID(parsing: text)
            return FlakeIDReading(id: uuid.id, form: .uuid, uuidLayout: uuid.layout)
        } catch {
            throw FlakeIDInputError(error)
        }
    }

    /// The forms that might read text with no prefix, by its shape.
    private static func candidates(for text: Substring) -> [FlakeIDForm] {
        var forms: [FlakeIDForm] = []
        if text.utf8.allSatisfy(isDecimalDigit) { forms.append(.decimal) }
        if text.utf8.count == FlakeTextFormat.hex.maximumLength && text.utf8.allSatisfy(isHexDigit) {
            forms.append(.hex)
        }
        if text.utf8.filter({ $0 != UInt8(ascii: "-") }).count == FlakeTextFormat.base32.maximumLength {
            forms.append(.base32)
        }
        return forms
    }

    /// The error of the form the text most looks like: decimal's for digits or a sign, hex's for
    /// more than 16 hex digits, base32's for other letters (the symbol count, or the character
    /// it does not use); for a few hex digits, the list of the forms.
    private static func unreadable(_ text: Substring) -> FlakeIDInputError {
        let likely: FlakeIDForm? =
            if text.isEmpty || text.hasPrefix("+") || text.hasPrefix("-") || text.utf8.allSatisfy(isDecimalDigit) {
                .decimal
            } else if text.utf8.allSatisfy(isHexDigit) {
                text.utf8.count > FlakeTextFormat.hex.maximumLength ? .hex : nil
            } else {
                .base32
            }
        guard let likely else { return FlakeIDInputError(unrecognized: text) }
        do throws(FlakeIDInputError) {
            _ = try read(text, in: likely)
            return FlakeIDInputError(unrecognized: text)
        } catch {
            return error
        }
    }

    /// Whether the text has a UUID's shape: 36 characters, hyphens at 8, 13, 18 and 23 only.
    package static func looksLikeUUID(_ text: Substring) -> Bool {
        guard text.utf8.count == 36 else { return false }
        return text.utf8.enumerated().allSatisfy { offset, byte in
            (byte == UInt8(ascii: "-")) == [8, 13, 18, 23].contains(offset)
        }
    }

    /// The digits after a `0x` or `0X` prefix, or `nil` when there is none.
    private static func hexDigits(afterPrefixOf text: Substring) -> Substring? {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
        return text.dropFirst(2)
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDecimalDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
