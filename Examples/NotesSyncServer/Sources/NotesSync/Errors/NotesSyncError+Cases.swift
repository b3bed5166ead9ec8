#if Server && GRDB
    import Hummingbird
    import MiniFlakeRegistry

    extension NotesSyncError {
        /// 401 `unauthorized`: no bearer token, or one the server does not know.
        static func unauthorized(_ message: String) -> NotesSyncError {
            NotesSyncError(.unauthorized, code: "unauthorized", message: message)
        }

        /// 400 `malformed_json`: the body is not JSON.
        static let malformedJSON = NotesSyncError(
            .badRequest, code: "malformed_json", message: "the body is not valid JSON")

        /// 400 `invalid_request`: the body is JSON of the wrong shape.
        static func invalidRequest(_ message: String) -> NotesSyncError {
            NotesSyncError(.badRequest, code: "invalid_request", message: message)
        }

        /// 413 `payload_too_large`: the body is larger than the server reads.
        static func payloadTooLarge(limit: Int) -> NotesSyncError {
            NotesSyncError(
                .contentTooLarge, code: "payload_too_large", message: "the body is larger than \(limit) bytes")
        }

        /// 500 `internal_error`: the server's own fault; the details go to its log, not to the client.
        static let internalError = NotesSyncError(
            .internalServerError, code: "internal_error", message: "the server failed; try again later")

        /// The answer for a registry error: 400 for a bad name or number, 409 when the account has
        /// no number left, 500 when the database failed.
        init(_ error: InstanceRegistryError) {
            switch error.code {
            case .invalidName:
                self.init(.badRequest, code: "invalid_installation", message: error.message)
            case .instanceOutOfRange:
                self.init(.badRequest, code: "instance_out_of_range", message: error.message)
            case .noFreeInstance:
                self.init(.conflict, code: "no_free_instance", message: error.message)
            default:
                self = .internalError
            }
        }
    }
#endif
