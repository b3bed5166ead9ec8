#if Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import Hummingbird
    import MiniFlake

    extension FlakeRouteHandlers {
        /// `GET /v1/ids/{id}?layout=NAME`: an ID in decimal or base32, taken apart under the
        /// preset layout named, or the issuer's layout when no `layout` is given.
        func decode(_ text: String?, layout layoutName: Substring?) throws(FlakeServerError) -> Response {
            let id = try Self.pathID(text ?? "")
            let layout = try Self.queryLayout(layoutName, else: issuer.layout)
            var body = ByteBuffer()
            body.reserveCapacity(256)
            body.writeIDDetails(id, parts: layout.parts(of: id), layout: layout)
            return Self.json(body)
        }

        /// Reads the `layout` query parameter: absent, `other`; otherwise the exact,
        /// lower-case name of a preset (`miniflake`, `twitter`, `discord`, `sonyflake` or `js53`).
        ///
        /// - Throws: `invalid_layout` for any other text, the empty string included.
        static func queryLayout(_ name: Substring?, else other: FlakeLayout) throws(FlakeServerError) -> FlakeLayout {
            guard let name else { return other }
            guard let preset = FlakeLayout.presets.first(where: { $0.name == name }) else {
                throw .invalidLayout(name)
            }
            return preset
        }

        /// Reads the `{id}` of a path, percent-decoded: all ASCII digits is decimal, anything
        /// else is Crockford base32 (either case, hyphens ignored).
        ///
        /// - Throws: `malformed_id` saying what is wrong with it.
        static func pathID(_ raw: String) throws(FlakeServerError) -> FlakeID {
            let text = raw.utf8.contains(UInt8(ascii: "%")) ? (raw.removingPercentEscapes ?? raw) : raw
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
