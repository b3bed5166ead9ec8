import MiniFlake

/// An ID read by ``FlakeIDInput``, with the form it was read in.
package struct FlakeIDReading: Sendable, Hashable {
    /// The ID.
    package let id: FlakeID
    /// The form it was written in.
    package let form: FlakeIDForm
    /// The layout a UUID named; `nil` for the text forms, which carry none.
    package let uuidLayout: FlakeLayout?

    /// Makes a reading.
    package init(id: FlakeID, form: FlakeIDForm, uuidLayout: FlakeLayout? = nil) {
        self.id = id
        self.form = form
        self.uuidLayout = uuidLayout
    }
}
