#if Server
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
    import Hummingbird
    import MiniFlake
    import MiniFlakeSupport

    extension FlakeRouteHandlers {
        /// `GET /v1/ids/{id}?layout=NAME`: an ID in decimal, hex (16 digits, or `0x` and up to
        /// 16), base32 or as its version-7 UUID, read by the parser the command line shares
        /// (`FlakeIDInput`), taken apart under the preset layout named, or the issuer's layout
        /// when no `layout` is given; a UUID names its own layout. An ID the layout cannot hold
        /// is a 400 `after_last_tick`. The answer has the ID's `uuid` when the layout is a preset,
        /// and `readAs` and `alsoReadsAs` when more than one form reads the text (all digits is
        /// decimal; `0x` reads hex).
        func decode(_ text: String?, layout layoutName: Substring?) throws(FlakeServerError) -> Response {
            // A UUID names its own layout; the query's is checked all the same.
            let queried = try Self.queryLayout(layoutName, else: issuer.layout)
            let reading: FlakeIDReading
            do throws(FlakeIDInputError) {
                reading = try FlakeIDInput.read(Self.percentDecoded(text ?? ""), layout: queried)
            } catch {
                throw .unreadableID(error)
            }
            let id = reading.id
            let layout = reading.uuidLayout ?? queried
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
            body.appendFormFields(of: reading)
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
    }
#endif
