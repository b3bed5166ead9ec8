#if Server && GRDB
    /// What became of one uploaded note.
    ///
    /// | `status` | Meaning | What the device does |
    /// |---|---|---|
    /// | `inserted` | stored now | marks it synced |
    /// | `already_present` | the account has it, from the same origin: a re-upload | marks it synced |
    /// | `id_conflict` | the account has another note under this ID, from another origin | re-keys it, uploads again |
    /// | `instance_not_registered` | the ID's instance number is not live in the account | re-keys it, uploads again |
    /// | `in_future` | the ID is ahead of the server's clock by more than a day | keeps the ID, uploads again after `retryAfterMilliseconds` |
    /// | `too_early`, `negative` | the ID is implausible (0: an `id` never set) | reports it |
    /// | `malformed_id`, `invalid_origin`, `invalid_title` | the note is not readable | reports it |
    public struct NoteUploadResult: Codable, Sendable, Hashable {
        /// The identifier as it was sent.
        public var id: String
        /// The stable code of the outcome (see the table).
        public var status: String
        /// One line for a person.
        public var message: String
        /// For `in_future`: the milliseconds until the note's ID is within the server's skew;
        /// absent otherwise.
        public var retryAfterMilliseconds: Int64?

        /// Makes a result.
        public init(id: String, status: String, message: String, retryAfterMilliseconds: Int64? = nil) {
            self.id = id
            self.status = status
            self.message = message
            self.retryAfterMilliseconds = retryAfterMilliseconds
        }
    }
#endif
