#if Server && GRDB
    /// The body of `POST /notes`: `{"notes": [{"id", "origin", "title"}, …]}`.
    public struct NoteUploadRequest: Codable, Sendable, Hashable {
        /// The notes, each answered on its own, in order.
        public var notes: [UploadedNote]

        /// Makes a request body.
        public init(notes: [UploadedNote]) {
            self.notes = notes
        }
    }
#endif
