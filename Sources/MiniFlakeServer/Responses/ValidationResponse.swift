#if Server
    import MiniFlake

    /// The body of `POST /v1/ids/validate`: one result per ID sent, in order,
    /// `{"results":[{"id":"…","valid":true},{"id":"…","reason":{"code":"…","message":"…"},"valid":false}]}`
    /// (the reason of an `in_future` verdict also has `retryAfterMilliseconds`).
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

        /// Why an ID failed: a stable code and one line for a person; for `in_future`, also
        /// when it will be within the skew.
        struct Reason: Encodable {
            /// `malformed` or a validation error's code.
            let code: String
            /// What is wrong.
            let message: String
            /// For `in_future`: the milliseconds until the ID is within the skew, rounded up;
            /// absent otherwise.
            let retryAfterMilliseconds: Int64?

            /// An ID that cannot be read.
            static func malformed(_ message: String) -> Reason {
                Reason(code: "malformed", message: message, retryAfterMilliseconds: nil)
            }
        }

        /// The verdicts, in the order of the IDs sent.
        let results: [Result]
    }

    extension ValidationResponse.Reason {
        /// The reason a validator gave.
        init(_ error: FlakeValidationError) {
            self.init(
                code: error.code.rawValue, message: error.description,
                retryAfterMilliseconds: error.retryAfter.map { $0.milliseconds(roundingUp: true) })
        }
    }
#endif
