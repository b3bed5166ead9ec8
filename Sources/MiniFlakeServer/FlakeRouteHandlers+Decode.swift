#if Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import Hummingbird
    import MiniFlake

    extension FlakeRouteHandlers {
        /// `GET /v1/ids/{id}`: an ID in decimal or base32, taken apart under the issuer's layout.
        func decode(_ text: String?) throws(FlakeServerError) -> Response {
            let id = try Self.pathID(text ?? "")
            let layout = issuer.layout
            var body = ByteBuffer()
            body.reserveCapacity(256)
            body.writeIDDetails(id, parts: layout.parts(of: id), layout: layout)
            return Self.json(body)
        }

        /// Reads the `{id}` of a path, percent-decoded: all ASCII digits is decimal, anything
        /// else is Crockford base32 (either case, hyphens ignored).
        ///
        /// - Throws: `malformed_id` saying what is wrong with it.
        static func pathID(_ raw: String) throws(FlakeServerError) -> FlakeID {
            let text = raw.contains("%") ? (raw.removingPercentEncoding ?? raw) : raw
            do {
                let isDecimal =
                    !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                return isDecimal ? try FlakeID(decimal: text) : try FlakeID(base32: text)
            } catch {
                throw .malformedID(error)
            }
        }
    }
#endif
