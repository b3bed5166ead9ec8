import MiniFlake

/// An ID read by ``FlakeIDInput``, with the form it was read in and the other forms that read
/// the same text, so that an answer can say which one it used.
package struct FlakeIDReading: Sendable, Hashable {
    /// The ID.
    package let id: FlakeID
    /// The form it was read in.
    package let form: FlakeIDForm
    /// The layout a UUID named; `nil` for the text forms, which carry none.
    package let uuidLayout: FlakeLayout?
    /// The other forms that read the text as an ID the layout holds, in order; empty when
    /// ``form`` is the only one, or was named.
    package let alsoReadsAs: [FlakeIDForm]

    /// Makes a reading.
    package init(id: FlakeID, form: FlakeIDForm, uuidLayout: FlakeLayout? = nil, alsoReadsAs: [FlakeIDForm] = []) {
        self.id = id
        self.form = form
        self.uuidLayout = uuidLayout
        self.alsoReadsAs = alsoReadsAs
    }

    /// The most bytes ``writeFormFields(to:objectLength:)`` adds.
    package static let maximumFormFieldsLength = 64

    /// `,"readAs":"FORM","alsoReadsAs":["FORM",…]` when other forms read the text too; empty
    /// when only one does, and nothing needs saying.
    package var formFields: String {
        guard !alsoReadsAs.isEmpty else { return "" }
        let others = alsoReadsAs.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        return ",\"readAs\":\"\(form.rawValue)\",\"alsoReadsAs\":[\(others)]"
    }

    /// Adds ``formFields`` to the JSON object of `objectLength` bytes just written at `out`,
    /// before its closing brace, and returns the object's new length (at most
    /// ``maximumFormFieldsLength`` more).
    package func writeFormFields(to out: UnsafeMutablePointer<UInt8>, objectLength: Int) -> Int {
        let fields = formFields
        guard !fields.isEmpty, objectLength > 0, out[objectLength - 1] == UInt8(ascii: "}") else { return objectLength }
        var length = objectLength - 1
        for byte in fields.utf8 {
            out[length] = byte
            length += 1
        }
        out[length] = UInt8(ascii: "}")
        return length + 1
    }

    /// For a text other forms read too, the line that says which form was used and how to read
    /// it in another: `note: '1500000000000000' is read as decimal; it also reads as hex (--from hex)`.
    package func note(for text: some StringProtocol) -> String? {
        guard !alsoReadsAs.isEmpty else { return nil }
        let others = alsoReadsAs.map { "\($0.rawValue) (--from \($0.rawValue))" }.joined(separator: " and as ")
        return "note: '\(FlakeParseError.shortened(text))' is read as \(form.rawValue); it also reads as \(others)"
    }

    /// The same reading, with the other forms that read its text.
    func alsoReading(as forms: [FlakeIDForm]) -> FlakeIDReading {
        FlakeIDReading(id: id, form: form, uuidLayout: uuidLayout, alsoReadsAs: forms)
    }
}
