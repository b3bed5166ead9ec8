#if Server && GRDB
    /// One note in `POST /notes`, as the device made it.
    ///
    /// ```json
    /// {"id": "756129113458688600", "origin": "3F2A…", "title": "Groceries"}
    /// ```
    public struct UploadedNote: Codable, Sendable, Hashable {
        /// The note's identifier, which the device made offline, as a decimal string.
        public var id: String
        /// The installation whose generator made the identifier (the device's installation when
        /// it created the note), which tells a re-upload from a different note under the same
        /// identifier.
        public var origin: String
        /// The note's title.
        public var title: String

        /// Makes a note.
        public init(id: String, origin: String, title: String) {
            self.id = id
            self.origin = origin
            self.title = title
        }
    }
#endif
