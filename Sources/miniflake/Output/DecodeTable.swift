#if CLI
    import MiniFlake
    import MiniFlakeSupport

    /// The aligned table `decode` prints: the ID, its time, sequence and instance number.
    ///
    /// Column widths depend only on the layout and the format (decimal's when IDs of any form
    /// are read), so rows can be printed as IDs arrive:
    ///
    /// ```
    /// ID                   TIME                      SEQUENCE  INSTANCE
    /// 175928847299117063   2016-04-30T11:18:25.796Z         7        32
    /// ```
    struct DecodeTable {
        /// The layout the IDs are read with.
        let layout: FlakeLayout
        /// The format `--from` named, or `nil` when each ID is shown in the form it was read in.
        let format: FlakeTextFormat?

        private let idWidth: Int
        private let sequenceWidth: Int
        private let instanceWidth: Int
        private static let timeWidth = 24
        private static let gap = 2

        /// Makes the table for IDs of one layout, shown in one format or each in its own.
        init(layout: FlakeLayout, format: FlakeTextFormat?) {
            self.layout = layout
            self.format = format
            idWidth = max((format ?? .decimal).maximumLength, 2)
            sequenceWidth = max(String(layout.maximumSequence).count, 8)
            instanceWidth = max(String(layout.maximumInstanceNumber).count, 8)
        }

        /// The most bytes a row takes, line break included.
        var maximumRowLength: Int {
            idWidth + ISO8601Time.maximumLength + sequenceWidth + instanceWidth + 3 * Self.gap + 1
        }

        /// The header line.
        var header: String {
            FlakeTextWriter.string(capacity: maximumRowLength) { out in
                var length = Self.cell(Array("ID".utf8), width: idWidth, right: false, to: out)
                length += Self.cell(Array("TIME".utf8), width: Self.timeWidth, right: false, to: out + length)
                length += Self.cell(Array("SEQUENCE".utf8), width: sequenceWidth, right: true, to: out + length)
                length += Self.cell(Array("INSTANCE".utf8), width: instanceWidth, right: true, to: out + length)
                // The last cell's gap becomes the line break.
                out[length - Self.gap] = UInt8(ascii: "\n")
                return length - Self.gap + 1
            }
        }

        /// Writes the row for one ID read in `form` (a UUID's ID is shown in decimal, under the
        /// UUID's layout), line break included, and returns its length.
        func writeRow(for reading: FlakeIDReading, to out: UnsafeMutablePointer<UInt8>) -> Int {
            let parts = (reading.uuidLayout ?? layout).parts(of: reading.id)
            let bits = UInt64(reading.id.rawValue)
            var length =
                switch reading.form.textFormat ?? .decimal {
                case .decimal: FlakeTextWriter.decimal(bits, to: out)
                case .hex: FlakeTextWriter.hex(bits, to: out)
                case .base32: FlakeTextWriter.base32(bits, to: out)
                }
            length += Self.spaces(idWidth + Self.gap - length, to: out + length)
            let time = ISO8601Time.write(millisecondsSince1970: parts.millisecondsSince1970, to: out + length)
            length += time
            length += Self.spaces(Self.timeWidth + Self.gap - time, to: out + length)
            length += Self.rightAligned(UInt64(parts.sequence), width: sequenceWidth, to: out + length)
            length += Self.spaces(Self.gap, to: out + length)
            length += Self.rightAligned(UInt64(parts.instanceNumber), width: instanceWidth, to: out + length)
            out[length] = UInt8(ascii: "\n")
            return length + 1
        }

        /// Writes `count` spaces (none if `count` is not positive).
        private static func spaces(_ count: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
            guard count > 0 else { return 0 }
            out.update(repeating: UInt8(ascii: " "), count: count)
            return count
        }

        /// Writes a number right-aligned in `width` columns.
        private static func rightAligned(_ value: UInt64, width: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
            var digits = 1
            var rest = value
            while rest >= 10 {
                rest /= 10
                digits += 1
            }
            let padding = spaces(width - digits, to: out)
            return padding + FlakeTextWriter.decimal(value, to: out + padding)
        }

        /// Writes a header cell padded to `width`, then the gap.
        private static func cell(_ text: [UInt8], width: Int, right: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int {
            var length = right ? spaces(width - text.count, to: out) : 0
            length += text.withUnsafeBufferPointer { FlakeTextWriter.copy($0, to: out + length) }
            if !right {
                length += spaces(width - text.count, to: out + length)
            }
            return length + spaces(gap, to: out + length)
        }
    }
#endif
