#if Server
    import Hummingbird
    import MiniFlake
    import MiniFlakeSupport

    extension ByteBuffer {
        /// Appends an ID's details as a JSON object: the ID in decimal (a string), base32 and hex;
        /// its time in ISO 8601 UTC and in milliseconds since 1970; its sequence and instance
        /// numbers; and the layout's name. ``FlakeIDDetailsJSON`` (in MiniFlakeSupport) writes it,
        /// straight into the buffer's memory.
        mutating func writeIDDetails(_ id: FlakeID, parts: FlakeParts, layout: FlakeLayout) {
            var json = FlakeIDDetailsJSON(layout: layout)
            writeWithUnsafeMutableBytes(minimumWritableBytes: json.maximumLength) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return json.write(id, parts: parts, to: base.assumingMemoryBound(to: UInt8.self))
            }
        }

        /// Adds `"uuid":"…"` to the JSON object just written, before its closing brace.
        mutating func appendUUID(_ uuid: FlakeUUID) {
            guard readableBytes > 0, getInteger(at: writerIndex - 1, as: UInt8.self) == UInt8(ascii: "}") else {
                return
            }
            moveWriterIndex(to: writerIndex - 1)
            writeString(",\"uuid\":\"\(uuid.uuidString)\"}")
        }

        /// Adds `"readAs"` and `"alsoReadsAs"` to the JSON object just written, when other forms
        /// read the ID's text too (``FlakeIDReading/formFields``).
        mutating func appendFormFields(of reading: FlakeIDReading) {
            let fields = reading.formFields
            guard !fields.isEmpty, readableBytes > 0,
                getInteger(at: writerIndex - 1, as: UInt8.self) == UInt8(ascii: "}")
            else { return }
            moveWriterIndex(to: writerIndex - 1)
            writeString(fields + "}")
        }
    }
#endif
