#if Server && GRDB
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import Hummingbird

    extension NotesSyncServer {
        /// Reads a request's JSON body.
        ///
        /// - Parameters:
        ///   - request: The request.
        ///   - type: The shape the body must have.
        ///   - empty: What an empty body means, or `nil` when a body is required.
        /// - Throws: `payload_too_large` (413) over ``NotesSyncSettings/maximumBodyBytes``,
        ///   `malformed_json` (400) for text that is not JSON, `invalid_request` (400) for JSON
        ///   of another shape.
        func decodeBody<Body: Decodable>(_ request: Request, as type: Body.Type, emptyAs empty: Body?)
            async throws(NotesSyncError) -> Body
        {
            let limit = settings.maximumBodyBytes
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: limit)
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                throw .payloadTooLarge(limit: limit)
            } catch {
                throw .invalidRequest("the request body could not be read")
            }
            if buffer.readableBytes == 0, let empty {
                return empty
            }
            do {
                return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
            } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
                throw .malformedJSON
            } catch let error as DecodingError {
                throw .invalidRequest("the body is not the expected JSON: \(Self.describe(error))")
            } catch {
                throw .malformedJSON
            }
        }

        /// Which field of a body is wrong, in a few words.
        static func describe(_ error: DecodingError) -> String {
            switch error {
            case .keyNotFound(let key, _):
                "the field '\(key.stringValue)' is missing"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not valid"
            @unknown default:
                "unexpected shape"
            }
        }
    }
#endif
