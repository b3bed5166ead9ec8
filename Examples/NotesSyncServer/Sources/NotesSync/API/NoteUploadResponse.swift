#if Server && GRDB
    import Hummingbird

    /// The answer to `POST /notes`: `{"results": [{"id", "status", "message"}, …]}`, one result
    /// per note sent, in the same order.
    public struct NoteUploadResponse: Codable, Sendable, Hashable, ResponseEncodable {
        /// The results, in the order of the notes sent.
        public var results: [NoteUploadResult]

        /// Makes an answer.
        public init(results: [NoteUploadResult]) {
            self.results = results
        }
    }
#endif
