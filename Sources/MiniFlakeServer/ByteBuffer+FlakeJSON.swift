#if Server
    import Hummingbird
    import MiniFlake

    extension ByteBuffer {
        /// Appends an ID's details as a JSON object: the ID in decimal (a string), base32 and hex;
        /// its time in ISO 8601 UTC and in milliseconds since 1970; its sequence and instance
        /// numbers; and the layout's name.
        mutating func writeIDDetails(_ id: FlakeID, parts: FlakeParts, layout: FlakeLayout) {
            // Keys and punctuation go in as few writes as possible; the ID texts need no escaping.
            writeStaticString("{\"id\":\"")
            writeDecimal(UInt64(id.rawValue))
            writeStaticString("\",\"base32\":\"")
            writeString(id.base32String)
            writeStaticString("\",\"hex\":\"")
            writeString(id.hexString)
            writeStaticString("\",\"time\":\"")
            writeISO8601Time(millisecondsSince1970: parts.millisecondsSince1970)
            writeStaticString("\",\"millisecondsSince1970\":")
            writeDecimal(parts.millisecondsSince1970)
            writeStaticString(",\"sequence\":")
            writeDecimal(UInt64(parts.sequence))
            writeStaticString(",\"instance\":")
            writeDecimal(UInt64(parts.instanceNumber))
            writeStaticString(",\"layout\":")
            writeJSONString(layout.name)
            writeStaticString("}")
        }
    }
#endif
