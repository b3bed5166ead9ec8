#if Server
    import Hummingbird
    import MiniFlake
    import MiniFlakeSupport

    /// An error the ID service answers with: an HTTP status, a stable machine-readable code and a
    /// message for a person, sent as `{"error": {"code": "...", "message": "..."}}`.
    ///
    /// Everything a client can send that the service cannot serve is a 4xx error. 503 means the
    /// service cannot make IDs right now (its generator is at its lead limit, or it holds no
    /// instance number); it comes with a `Retry-After` header.
    public struct FlakeServerError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
        /// The stable names of the errors, as they appear in `error.code` and in the
        /// `miniflake_errors_total{code=...}` metric. New codes may be added, so a `switch` over
        /// codes needs a `default`.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The code as it appears in responses and metrics.
            public let rawValue: String

            private init(_ rawValue: String) {
                self.rawValue = rawValue
            }

            /// The code as it appears in responses and metrics.
            public var description: String { rawValue }

            /// 404: no route has this path.
            public static let notFound = Code("not_found")
            /// 405: the path exists but not for this method; `Allow` lists the methods it has.
            public static let methodNotAllowed = Code("method_not_allowed")
            /// 400: the `{id}` of `GET /v1/ids/{id}` is neither a decimal nor a base32 ID.
            public static let malformedID = Code("malformed_id")
            /// 400: the `layout` of `GET /v1/ids/{id}` names no preset layout.
            public static let invalidLayout = Code("invalid_layout")
            /// 400: the `{id}` of `GET /v1/ids/{id}` has a bit set above the layout's fields, so
            /// its timestamp would be past the layout's last tick (a `js53` ID above 2^53 - 1).
            public static let afterLastTick = Code("after_last_tick")
            /// 400: the `{id}` is a UUID whose version is not 7.
            public static let notVersion7 = Code("not_version_7")
            /// 400: the `{id}` is a UUID without RFC 9562's variant bits.
            public static let wrongVariant = Code("wrong_variant")
            /// 400: the `{id}` is a UUID whose layout tag names no preset.
            public static let unknownLayout = Code("unknown_layout")
            /// 400: the `{id}` is a version-7 UUID that no ID made (its check bits do not match).
            public static let checksumMismatch = Code("checksum_mismatch")
            /// 400: the `{id}` is a UUID whose time is not its ID's.
            public static let timeMismatch = Code("time_mismatch")
            /// 400: `count` is missing or is not a whole number.
            public static let invalidCount = Code("invalid_count")
            /// 400: `count` is a whole number outside `1...maximumBatchCount`.
            public static let countOutOfRange = Code("count_out_of_range")
            /// 400: the request body is not JSON.
            public static let malformedJSON = Code("malformed_json")
            /// 400: the body is JSON but not the shape the route expects.
            public static let invalidRequest = Code("invalid_request")
            /// 400: more IDs to validate than one request may carry.
            public static let tooManyIDs = Code("too_many_ids")
            /// 413: the request body is larger than the service accepts.
            public static let payloadTooLarge = Code("payload_too_large")
            /// 415: the body is declared as something other than JSON.
            public static let unsupportedMediaType = Code("unsupported_media_type")
            /// 503: the generator is as far ahead of the clock as it may run, and the bounded wait
            /// for the clock ran out.
            public static let leadLimitReached = Code("lead_limit_reached")
            /// 503: the issuer holds no instance number (a lease was lost and not yet regained).
            public static let noInstance = Code("no_instance")
            /// 503: the issuer cannot make IDs right now for another reason, such as a lease
            /// reservation being extended.
            public static let issuerUnavailable = Code("issuer_unavailable")
            /// 500: a fault of the service itself; never caused by what a client sends.
            public static let internalError = Code("internal_error")
            /// 401: a registry request without `Authorization: Bearer TOKEN`, or with the wrong
            /// token; sent with `WWW-Authenticate: Bearer`.
            public static let unauthorized = Code("unauthorized")
            /// 400: an account or installation name is longer than 128 bytes, is not UTF-8 once
            /// percent-decoded, or holds a control character.
            public static let invalidName = Code("invalid_name")
            /// 400: a `provisionalInstance` outside the layout's instance numbers.
            public static let instanceOutOfRange = Code("instance_out_of_range")
            /// 409: every instance number of the account is live, or retired within the reuse
            /// horizon.
            public static let noFreeInstance = Code("no_free_instance")
            /// 404: `DELETE` of an installation that is not live in the account (unknown, or
            /// retired already).
            public static let installationNotFound = Code("installation_not_found")
            /// 400: `POST /v1/ids/validate` named an `account`, but the service has no registry.
            public static let registryNotConfigured = Code("registry_not_configured")
            /// 503: the registry's database failed; retry after `Retry-After`.
            public static let registryUnavailable = Code("registry_unavailable")

            /// Every code the service answers with, for metrics that start at zero.
            public static let allCases: [Code] = [
                .notFound,
                .methodNotAllowed,
                .malformedID,
                .invalidLayout,
                .afterLastTick,
                .notVersion7,
                .wrongVariant,
                .unknownLayout,
                .checksumMismatch,
                .timeMismatch,
                .invalidCount,
                .countOutOfRange,
                .malformedJSON,
                .invalidRequest,
                .tooManyIDs,
                .payloadTooLarge,
                .unsupportedMediaType,
                .leadLimitReached,
                .noInstance,
                .issuerUnavailable,
                .internalError,
                .unauthorized,
                .invalidName,
                .instanceOutOfRange,
                .noFreeInstance,
                .installationNotFound,
                .registryNotConfigured,
                .registryUnavailable,
            ]
        }

        /// The response status.
        public let status: HTTPResponse.Status
        /// The machine-readable code.
        public let code: Code
        /// One line for a person, saying what was wrong.
        public let message: String
        /// How long until a retry may succeed, sent as `Retry-After` in whole seconds, rounded up
        /// (503 only).
        public let retryAfter: Duration?
        /// The methods the path has, sent as `Allow` (405 only).
        public let allowedMethods: [HTTPRequest.Method]

        /// Makes an error response.
        ///
        /// - Parameters:
        ///   - status: The HTTP status.
        ///   - code: The machine-readable code.
        ///   - message: One line for a person.
        ///   - retryAfter: How long until a retry may succeed, if it can; `Retry-After` says it
        ///     in whole seconds, rounded up.
        ///   - allowedMethods: The `Allow` header's methods, if any.
        public init(
            _ status: HTTPResponse.Status,
            code: Code,
            message: String,
            retryAfter: Duration? = nil,
            allowedMethods: [HTTPRequest.Method] = []
        ) {
            self.status = status
            self.code = code
            self.message = message
            self.retryAfter = retryAfter
            self.allowedMethods = allowedMethods
        }

        /// The code and the message, for logs.
        public var description: String {
            "\(status.code) \(code.rawValue): \(message)"
        }

        /// Renders the error as its JSON body, with `Retry-After` and `Allow` when they apply.
        public func response(from request: Request, context: some RequestContext) throws -> Response {
            makeResponse()
        }

        /// Renders the error as its JSON body, with `Retry-After`, `Allow` and
        /// `WWW-Authenticate` when they apply.
        func makeResponse() -> Response {
            let body = ByteBuffer.json(encoding: FlakeServerErrorBody(code: code.rawValue, message: message))
            var headers: HTTPFields = [.contentType: FlakeMediaType.json]
            if let retryAfter {
                headers[.retryAfter] = String(retryAfter.retryAfterHeaderSeconds)
            }
            if !allowedMethods.isEmpty {
                headers[.allow] = allowedMethods.map(\.rawValue).joined(separator: ", ")
            }
            if status == .unauthorized {
                headers[.wwwAuthenticate] = "Bearer"
            }
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
        }
    }

    extension FlakeServerError {
        /// 404 for a path no route has.
        static func notFound(_ path: String) -> FlakeServerError {
            FlakeServerError(.notFound, code: .notFound, message: "no route for path '\(path.prefix(200))'")
        }

        /// 405 for a known path asked with a method it does not have.
        static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> FlakeServerError {
            FlakeServerError(
                .methodNotAllowed, code: .methodNotAllowed,
                message:
                    "method \(method.rawValue) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: " or "))",
                allowedMethods: allowed)
        }

        /// 400 for an `{id}` that cannot be read: `malformed_id`, or a UUID error's code.
        static func unreadableID(_ error: FlakeIDInputError) -> FlakeServerError {
            if case .uuid(let refusal) = error.reason { return uuidRefused(refusal) }
            return FlakeServerError(.badRequest, code: .malformedID, message: error.message)
        }

        /// 400 for an ID the layout cannot hold.
        static func afterLastTick(_ error: FlakeError) -> FlakeServerError {
            FlakeServerError(.badRequest, code: .afterLastTick, message: error.message)
        }

        /// 400 for a UUID that no ID made, with the UUID error's code; text that is not a UUID's
        /// is `malformed_id`.
        static func uuidRefused(_ error: FlakeUUIDError) -> FlakeServerError {
            let code = Code.allCases.first { $0.rawValue == error.code.rawValue } ?? .malformedID
            return FlakeServerError(.badRequest, code: code, message: error.message)
        }

        /// 400 for a `layout` query parameter that names no preset layout.
        static func invalidLayout(_ name: Substring) -> FlakeServerError {
            let names = FlakeLayout.presets.map(\.name).joined(separator: ", ")
            return FlakeServerError(
                .badRequest, code: .invalidLayout, message: "unknown layout '\(name.prefix(40))'; give one of \(names)")
        }

        /// 400 for a missing or non-numeric `count`.
        static func invalidCount(_ text: Substring?, maximum: Int) -> FlakeServerError {
            let given = text.map { "'\($0.prefix(40))' is not a whole number" } ?? "it is missing"
            return FlakeServerError(
                .badRequest, code: .invalidCount, message: "invalid count: \(given); give count=1...\(maximum)")
        }

        /// 400 for a `count` outside the allowed range.
        static func countOutOfRange(_ text: Substring, maximum: Int) -> FlakeServerError {
            FlakeServerError(
                .badRequest, code: .countOutOfRange,
                message: "count \(text.prefix(40)) is out of range 1...\(maximum)")
        }

        /// 413 for a body over the limit.
        static func payloadTooLarge(limit: Int) -> FlakeServerError {
            FlakeServerError(
                .contentTooLarge, code: .payloadTooLarge, message: "the request body is larger than \(limit) bytes")
        }
    }
#endif
