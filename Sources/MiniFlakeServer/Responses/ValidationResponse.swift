#if Server
    /// The body of `POST /v1/ids/validate`: one result per ID sent, in order,
    /// `{"results":[{"id":"…","valid":true},{"id":"…","reason":{"code":"…","message":"…"},"valid":false}]}`.
    struct ValidationResponse: Encodable {
        /// The verdict on one ID.
        struct Result: Encodable {
            /// The ID as it was sent, as text.
            let id: String
            /// Whether it passed.
            let valid: Bool
            /// Why it failed; absent when it passed.
            let reason: Reason?
        }

        /// Why an ID failed: a stable code and one line for a person.
        struct Reason: Encodable {
            /// `malformed` or a validation error's code.
            let code: String
            /// What is wrong.
            let message: String
        }

        /// The verdicts, in the order of the IDs sent.
        let results: [Result]
    }
#endif
