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
        /// preset layout named, or the issuer's layout when no `layout` is given; or a version-7
        /// UUID made from an ID, under its own layout. An ID the layout cannot hold is a 400
        /// `after_last_tick`. The answer has the ID's `uuid` when the layout is a preset.
        func decode(_ text: String?, layout layoutName: Substring?) throws(FlakeServerError) -> Response {
            let id: FlakeID
            let layout: FlakeLayout
            if let uuid = try Self.pathUUID(Self.percentDecoded(text ?? "")) {
                // A UUID names its own layout; the query's is checked but not used.
                _ = try Self.queryLayout(layoutName, else: issuer.layout)
                id = uuid.id
                layout = uuid.layout
            } else {
                id = try Self.pathID(text ?? "")
                layout = try Self.queryLayout(layoutName, else: issuer.layout)
            }
            let parts: FlakeParts
            do throws(FlakeError) {
                parts = try layout.checkedParts(of: id)
            } catch {
                throw .afterLastTick(error)
            }
            var body = ByteBuffer()
            body.reserveCapacity(256)
            body.writeIDDetails(id, parts: parts, layout: layout)
            if let uuid = try? FlakeUUID(id, layout: layout) {
                body.appendUUID(uuid)
            }
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

        /// The `{id}` of a path, percent-decoded.
        static func percentDecoded(_ raw: String) -> String {
            raw.utf8.contains(UInt8(ascii: "%")) ? (raw.removingPercentEscapes ?? raw) : raw
        }

        /// Reads an `{id}` in the form of a UUID (36 characters, hyphens ninth, 14th,
        /// 19th and 24th, and only there; no base32 ID has that form) as a ``FlakeUUID``; `nil`
        /// for any other text.
        ///
        /// - Throws: a 400 whose code is the `FlakeUUIDError`'s (`not_version_7`,
        ///   `checksum_mismatch`, …), or `malformed_id` for text that is not a UUID's.
        static func pathUUID(_ text: String) throws(FlakeServerError) -> FlakeUUID? {
            let hyphens = text.utf8.enumerated().filter { $0.element == UInt8(ascii: "-") }.map(\.offset)
            guard text.utf8.count == 36, hyphens == [8, 13, 18, 23] else { return nil }
            do {
                return try FlakeUUID(parsing: text)
            } catch {
                throw .uuidRefused(error)
            }
        }

        /// Reads the `{id}` of a path, percent-decoded: all ASCII digits is decimal, anything
        /// else is Crockford base32 (either case, hyphens ignored).
        ///
        /// - Throws: `malformed_id` saying what is wrong with it.
        static func pathID(_ raw: String) throws(FlakeServerError) -> FlakeID {
            let text = percentDecoded(raw)
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
