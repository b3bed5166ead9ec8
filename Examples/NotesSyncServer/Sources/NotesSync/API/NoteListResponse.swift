#if Server && GRDB
    import Hummingbird

    /// The answer to `GET /notes`: `{"notes": [{"id", "origin", "title"}, …]}`, the account's
    /// notes in identifier order (creation order, for the notes of one device).
    public struct NoteListResponse: Codable, Sendable, Hashable, ResponseEncodable {
        /// The account's notes.
        public var notes: [UploadedNote]

        /// Makes an answer.
        public init(notes: [UploadedNote]) {
            self.notes = notes
        }
    }
#endif
