#if Server
    import Hummingbird
    import MiniFlake
    import MiniFlakeSupport

    extension ByteBuffer {
        /// Appends a moment as ISO 8601 UTC with milliseconds, `2024-05-01T12:00:00.123Z`.
        mutating func writeISO8601Time(millisecondsSince1970 milliseconds: Int64) {
            writeWithUnsafeMutableBytes(minimumWritableBytes: ISO8601Time.maximumLength) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return ISO8601Time.write(
                    millisecondsSince1970: milliseconds, to: base.assumingMemoryBound(to: UInt8.self))
            }
        }

        /// Appends a non-negative integer in decimal, without padding, as the core's
        /// ``FlakeTextWriter`` writes it.
        @inline(__always)
        mutating func writeDecimal(_ value: UInt64) {
            writeWithUnsafeMutableBytes(minimumWritableBytes: FlakeTextWriter.maximumDecimalLength) { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return FlakeTextWriter.decimal(value, to: base.assumingMemoryBound(to: UInt8.self))
            }
        }
    }
#endif
