#if Server && GRDB
    import Hummingbird

    /// An error the notes sync server answers with: an HTTP status, a stable snake_case code and
    /// a message for a person, sent as `{"error": {"code": "...", "message": "..."}}`.
    ///
    /// Everything a client can send wrong is a 4xx answer; 500 (`internal_error`) is only ever
    /// the server's own fault, such as a database that fails.
    public struct NotesSyncError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
        /// The HTTP status of the answer.
        public var status: HTTPResponse.Status
        /// The stable code, such as `unauthorized` or `malformed_json`.
        public var code: String
        /// One line for a person.
        public var message: String

        /// Makes an error.
        public init(_ status: HTTPResponse.Status, code: String, message: String) {
            self.status = status
            self.code = code
            self.message = message
        }

        /// The code and the message.
        public var description: String { "\(code): \(message)" }

        /// Answers the error as its JSON body, with its status.
        public func response(from request: Request, context: some RequestContext) throws -> Response {
            var response = try context.responseEncoder.encode(
                ErrorBody(error: .init(code: code, message: message)), from: request, context: context)
            response.status = status
            return response
        }

        /// `{"error": {"code", "message"}}`.
        private struct ErrorBody: Encodable {
            struct Detail: Encodable {
                let code: String
                let message: String
            }
            let error: Detail
        }
    }
#endif
