#if Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import Hummingbird
    import MiniFlake
    import MiniFlakeRegistry

    extension FlakeRouteHandlers {
        /// `POST /v1/ids/validate`: a verdict for each ID, in order. An ID that cannot be read is
        /// a `malformed` verdict; only a body that is not the expected JSON is a request error.
        /// With an `account` (and a registry), an ID whose instance number is not live in the
        /// account gets `instance_not_registered`.
        func validate(_ request: Request) async throws(FlakeServerError) -> Response {
            let payload = try await Self.decodeBody(request, maximumBytes: configuration.maximumBodyBytes)
            guard payload.ids.count <= configuration.maximumValidationCount else {
                throw FlakeServerError(
                    .badRequest, code: .tooManyIDs,
                    message:
                        "\(payload.ids.count) IDs in one request; at most \(configuration.maximumValidationCount) allowed"
                )
            }
            var validator = configuration.validator
            if let skew = payload.maxSkewMilliseconds {
                guard skew >= 0 else {
                    throw FlakeServerError(
                        .badRequest, code: .invalidRequest, message: "maxSkewMilliseconds must not be negative")
                }
                validator.maximumSkew = .milliseconds(skew)
            }
            if let instances = payload.instances {
                guard instances.allSatisfy({ $0 >= 0 }) else {
                    throw FlakeServerError(
                        .badRequest, code: .invalidRequest, message: "instance numbers must not be negative")
                }
                validator.allowedInstances = Set(instances)
            }
            if let account = payload.account {
                validator.registeredInstances = try await registeredInstances(of: account, request: request)
            }
            let results = payload.ids.map { entry in
                let reason = Self.verdict(entry, validator: validator)
                return ValidationResponse.Result(id: entry.sentText, valid: reason == nil, reason: reason)
            }
            let body = ByteBuffer.json(encoding: ValidationResponse(results: results))
            return Self.json(body)
        }

        /// The live instance numbers of the `account` a validation request names, read from the
        /// registry after checking the request's bearer token.
        ///
        /// - Throws: `registry_not_configured` without a registry, `unauthorized` without the
        ///   token, `invalid_name` for a bad account name, `registry_unavailable` when the
        ///   registry's database fails.
        func registeredInstances(of account: String, request: Request) async throws(FlakeServerError) -> Set<Int> {
            guard let access = configuration.registryAccess else { throw .registryNotConfigured }
            let handlers = RegistryRouteHandlers(access: access, configuration: configuration)
            try handlers.authorize(request)
            let name = try RegistryRouteHandlers.name(account, percentEncoded: false)
            return try await handlers.calling { registry throws(InstanceRegistryError) in
                try await registry.liveInstances(of: name)
            }
        }

        /// Why an ID fails validation, or `nil` when it passes.
        static func verdict(
            _ entry: ValidationRequest.Entry, validator: FlakeValidator
        ) -> ValidationResponse.Reason? {
            do throws(FlakeValidationError) {
                switch entry {
                case .text(let text):
                    let id: FlakeID
                    do {
                        id = try FlakeID(decimal: text)
                    } catch {
                        return .malformed(error.description)
                    }
                    try validator.validate(id)
                case .integer(let value):
                    _ = try validator.validate(rawValue: value)
                case .outOfRange(let text):
                    return .malformed("\(text) does not fit 63 bits; the largest ID is \(Int64.max)")
                }
                return nil
            } catch {
                return ValidationResponse.Reason(error)
            }
        }

        /// Reads the body as a validation request.
        ///
        /// - Throws: As ``decodeBody(_:as:maximumBytes:)``, and `malformed_json` for an empty body.
        static func decodeBody(_ request: Request, maximumBytes: Int) async throws(FlakeServerError)
            -> ValidationRequest
        {
            guard let payload = try await decodeBody(request, as: ValidationRequest.self, maximumBytes: maximumBytes)
            else {
                throw FlakeServerError(
                    .badRequest, code: .malformedJSON, message: "the body is empty; send a JSON object")
            }
            return payload
        }

        /// Reads the body as JSON of a route's shape, or `nil` when it is empty.
        ///
        /// - Throws: 415 for a body declared as anything but JSON, 413 for one over
        ///   `maximumBytes`, `malformed_json` for text that is not JSON and `invalid_request` for
        ///   JSON of the wrong shape.
        static func decodeBody<Body: Decodable>(
            _ request: Request, as type: Body.Type, maximumBytes: Int
        ) async throws(FlakeServerError) -> Body? {
            if let type = request.headers[.contentType], !isJSON(type) {
                throw FlakeServerError(
                    .unsupportedMediaType, code: .unsupportedMediaType,
                    message: "the body must be application/json, not '\(type.prefix(100))'")
            }
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBytes {
                throw .payloadTooLarge(limit: maximumBytes)
            }
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: maximumBytes)
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                throw .payloadTooLarge(limit: maximumBytes)
            } catch {
                throw FlakeServerError(
                    .badRequest, code: .invalidRequest, message: "the request body could not be read: \(error)")
            }
            guard buffer.readableBytes > 0 else { return nil }
            do {
                return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
            } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
                throw FlakeServerError(.badRequest, code: .malformedJSON, message: "the body is not valid JSON")
            } catch let error as DecodingError {
                throw FlakeServerError(.badRequest, code: .invalidRequest, message: describe(error))
            } catch {
                throw FlakeServerError(.badRequest, code: .malformedJSON, message: "the body is not valid JSON")
            }
        }

        /// Whether a `Content-Type` names JSON: `application/json` or a `+json` type, any
        /// parameters.
        static func isJSON(_ contentType: String) -> Bool {
            guard let rawType = contentType.split(separator: ";", maxSplits: 1).first else { return false }
            let type = rawType.trimmingSpaces().lowercased()
            return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
        }

        /// One line saying which field of the body is wrong and how.
        static func describe(_ error: DecodingError) -> String {
            func path(_ codingPath: [any CodingKey]) -> String {
                var text = ""
                for key in codingPath {
                    if let index = key.intValue {
                        text += "[\(index)]"
                    } else {
                        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                    }
                }
                return text.isEmpty ? "the body" : "'\(text)'"
            }
            switch error {
            case .keyNotFound(let key, let context):
                let parent = context.codingPath.isEmpty ? "the body" : path(context.codingPath)
                return "\(parent) has no '\(key.stringValue)' field"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return "\(path(context.codingPath)) is not valid: \(context.debugDescription)"
            @unknown default:
                return "the body is not the JSON this route takes"
            }
        }
    }
#endif
