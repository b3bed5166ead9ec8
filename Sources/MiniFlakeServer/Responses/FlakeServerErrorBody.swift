#if Server
    /// The JSON body of every error response: `{"error":{"code":"…","message":"…"}}`.
    struct FlakeServerErrorBody: Encodable {
        /// The error's code and message.
        struct Detail: Encodable {
            /// The stable snake_case code, such as `malformed_id`.
            let code: String
            /// One line for a person.
            let message: String
        }

        /// The error.
        let error: Detail

        /// The body for a code and a message.
        init(code: String, message: String) {
            error = Detail(code: code, message: message)
        }
    }
#endif
