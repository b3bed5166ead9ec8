/// How the 63 usable bits of a ``FlakeID`` are split into timestamp, sequence and instance
/// number, and what the timestamp counts from.
///
/// The timestamp always takes the highest bits, so identifiers sort by time. It counts ticks
/// (``tickMilliseconds`` each) since ``epochMillisecondsSince1970``. Below it sit the
/// sequence and the instance number, in the ``fieldOrder`` given. Bit 63 is always 0.
///
/// Five presets cover the common schemes: ``miniFlake`` (the default), ``twitter``,
/// ``discord``, ``sonyflake``, and ``javaScriptSafe``, whose IDs fit a JavaScript number.
public struct FlakeLayout: Sendable, Hashable, CustomStringConvertible {
    /// Which of the two lower fields sits directly below the timestamp.
    public enum FieldOrder: String, Sendable, Hashable, CaseIterable {
        /// Timestamp, then sequence, then instance number in the lowest bits (MiniFlake,
        /// Sonyflake): IDs made on several instances in one tick interleave by sequence.
        case timestampSequenceInstance
        /// Timestamp, then instance number, then sequence in the lowest bits (Twitter,
        /// Discord): IDs made in one tick group by instance.
        case timestampInstanceSequence
    }

    /// A short name for the layout, such as `miniflake`; presets are found by it.
    public let name: String
    /// Bits of the timestamp field, the highest field.
    public let timestampBits: Int
    /// Bits of the sequence field: up to 2^sequenceBits IDs per tick and instance.
    public let sequenceBits: Int
    /// Bits of the instance-number field: up to 2^instanceBits generators at once.
    public let instanceBits: Int
    /// The order of the sequence and instance-number fields.
    public let fieldOrder: FieldOrder
    /// The moment timestamp 0 stands for, in milliseconds since 1970-01-01T00:00:00Z.
    public let epochMillisecondsSince1970: Int64
    /// The length of one timestamp tick in milliseconds.
    public let tickMilliseconds: Int64

    /// Makes a layout, checking that its fields fit 63 bits.
    ///
    /// - Throws: ``FlakeError/Code/invalidLayout`` when a width is negative, the timestamp has
    ///   no bits, the widths add up to more than 63, or the tick is not positive.
    public init(
        name: String,
        timestampBits: Int,
        sequenceBits: Int,
        instanceBits: Int,
        fieldOrder: FieldOrder,
        epochMillisecondsSince1970: Int64,
        tickMilliseconds: Int64 = 1
    ) throws(FlakeError) {
        guard timestampBits > 0, sequenceBits >= 0, instanceBits >= 0 else {
            throw .invalidLayout("field widths must not be negative and the timestamp needs bits")
        }
        guard timestampBits + sequenceBits + instanceBits <= 63 else {
            throw .invalidLayout(
                "fields take \(timestampBits + sequenceBits + instanceBits) bits; at most 63 leave the sign bit clear"
            )
        }
        guard tickMilliseconds > 0 else {
            throw .invalidLayout("a tick must last at least one millisecond")
        }
        self.init(
            unchecked: name, timestampBits, sequenceBits, instanceBits, fieldOrder,
            epochMillisecondsSince1970, tickMilliseconds)
    }

    private init(
        unchecked name: String, _ timestampBits: Int, _ sequenceBits: Int, _ instanceBits: Int,
        _ fieldOrder: FieldOrder, _ epoch: Int64, _ tick: Int64
    ) {
        self.name = name
        self.timestampBits = timestampBits
        self.sequenceBits = sequenceBits
        self.instanceBits = instanceBits
        self.fieldOrder = fieldOrder
        self.epochMillisecondsSince1970 = epoch
        self.tickMilliseconds = tick
    }

    /// MiniFlake's layout and the default: 41 bits of milliseconds since 2018-03-01T00:00:00Z
    /// (good until 2087), a 12-bit sequence, and a 10-bit instance number in the lowest bits.
    public static let miniFlake = FlakeLayout(
        unchecked: "miniflake", 41, 12, 10, .timestampSequenceInstance, 1_519_862_400_000, 1)

    /// Twitter's Snowflake: 41 bits of milliseconds since 1288834974657 (2010-11-04), a 10-bit
    /// worker number, then a 12-bit sequence.
    public static let twitter = FlakeLayout(
        unchecked: "twitter", 41, 12, 10, .timestampInstanceSequence, 1_288_834_974_657, 1)

    /// Discord's snowflakes: milliseconds since 2015-01-01T00:00:00Z, a 5-bit worker above a
    /// 5-bit process (the instance number is `worker << 5 | process`), then a 12-bit sequence.
    ///
    /// Discord's timestamp field is 42 bits unsigned; its top bit stays 0 until 2084, so this
    /// 41-bit field decodes every Discord ID that fits an `Int64`.
    public static let discord = FlakeLayout(
        unchecked: "discord", 41, 12, 10, .timestampInstanceSequence, 1_420_070_400_000, 1)

    /// Sony's Sonyflake: 39 bits of 10 ms ticks since 2014-09-01T00:00:00Z, an 8-bit sequence,
    /// then a 16-bit machine number in the lowest bits.
    public static let sonyflake = FlakeLayout(
        unchecked: "sonyflake", 39, 8, 16, .timestampSequenceInstance, 1_409_529_600_000, 10)

    /// IDs that a JavaScript number holds exactly (at most 2^53 - 1), named `js53`: 41 bits of
    /// milliseconds since 2026-01-01T00:00:00Z (good until September 2095), a 6-bit sequence
    /// (64 IDs per millisecond, 64,000 a second per generator) and a 6-bit instance number
    /// (64 generators) in the lowest bits.
    public static let javaScriptSafe = FlakeLayout(
        unchecked: "js53", 41, 6, 6, .timestampSequenceInstance, 1_767_225_600_000, 1)

    /// The presets, in the order a listing shows them.
    public static let presets: [FlakeLayout] = [.miniFlake, .twitter, .discord, .sonyflake, .javaScriptSafe]

    /// The preset with this name (case-insensitive), or `nil`.
    public static func preset(named name: String) -> FlakeLayout? {
        presets.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The largest timestamp, in ticks since the epoch, that fits the timestamp field.
    public var maximumTick: Int64 { (1 << Int64(timestampBits)) - 1 }
    /// The largest sequence number.
    public var maximumSequence: Int { (1 << sequenceBits) - 1 }
    /// The largest instance number.
    public var maximumInstanceNumber: Int { (1 << instanceBits) - 1 }
    /// How many instance numbers there are: the most generators that can run at once.
    public var instanceCount: Int { 1 << instanceBits }

    /// The bit position of the lowest timestamp bit.
    public var timestampShift: Int { sequenceBits + instanceBits }
    /// The bit position of the lowest sequence bit.
    public var sequenceShift: Int {
        fieldOrder == .timestampSequenceInstance ? instanceBits : 0
    }
    /// The bit position of the lowest instance-number bit.
    public var instanceShift: Int {
        fieldOrder == .timestampSequenceInstance ? 0 : sequenceBits
    }

    /// The last moment a timestamp of this layout can stand for, in milliseconds since 1970.
    public var lastMillisecondsSince1970: Int64 {
        epochMillisecondsSince1970 + maximumTick * tickMilliseconds + tickMilliseconds - 1
    }

    /// Takes an identifier apart into its timestamp, sequence and instance number.
    public func parts(of id: FlakeID) -> FlakeParts {
        let raw = id.rawValue
        let tick = raw >> Int64(timestampShift)
        return FlakeParts(
            tick: tick,
            millisecondsSince1970: epochMillisecondsSince1970 + tick * tickMilliseconds,
            sequence: Int((raw >> Int64(sequenceShift)) & Int64(maximumSequence)),
            instanceNumber: Int((raw >> Int64(instanceShift)) & Int64(maximumInstanceNumber)))
    }

    /// Puts an identifier together from its fields.
    ///
    /// - Parameters:
    ///   - tick: Ticks since this layout's epoch.
    ///   - sequence: The sequence number within the tick.
    ///   - instanceNumber: The generator's instance number.
    /// - Throws: ``FlakeError/Code/timestampOutOfRange``, ``FlakeError/Code/sequenceOutOfRange``
    ///   or ``FlakeError/Code/instanceOutOfRange`` for the field that does not fit.
    public func compose(tick: Int64, sequence: Int, instanceNumber: Int) throws(FlakeError) -> FlakeID {
        guard (0...maximumTick).contains(tick) else {
            throw .fieldOutOfRange(.timestamp, value: tick, maximum: maximumTick)
        }
        guard (0...maximumSequence).contains(sequence) else {
            throw .fieldOutOfRange(.sequence, value: Int64(sequence), maximum: Int64(maximumSequence))
        }
        guard (0...maximumInstanceNumber).contains(instanceNumber) else {
            throw .fieldOutOfRange(
                .instanceNumber, value: Int64(instanceNumber), maximum: Int64(maximumInstanceNumber))
        }
        return FlakeID(
            unchecked: tick << Int64(timestampShift) | Int64(sequence) << Int64(sequenceShift)
                | Int64(instanceNumber) << Int64(instanceShift))
    }

    /// Puts an identifier together from a moment (floored to its tick), a sequence number and
    /// an instance number.
    ///
    /// - Throws: ``FlakeError/Code/timestampOutOfRange`` when the moment is before the
    ///   epoch or past ``lastMillisecondsSince1970``, or another field does not fit.
    public func compose(
        millisecondsSince1970: Int64, sequence: Int, instanceNumber: Int
    ) throws(FlakeError) -> FlakeID {
        try compose(
            tick: tick(millisecondsSince1970: millisecondsSince1970), sequence: sequence, instanceNumber: instanceNumber
        )
    }

    /// The tick a moment falls in, floored; negative for moments before the epoch.
    public func tick(millisecondsSince1970: Int64) -> Int64 {
        let (sinceEpoch, overflow) = millisecondsSince1970.subtractingReportingOverflow(epochMillisecondsSince1970)
        if overflow { return millisecondsSince1970 < 0 ? .min : .max }
        let quotient = sinceEpoch / tickMilliseconds
        return sinceEpoch % tickMilliseconds < 0 ? quotient - 1 : quotient
    }

    /// The name and the fields, for logs: `miniflake (41 time | 12 sequence | 10 instance)`.
    public var description: String {
        let lower =
            fieldOrder == .timestampSequenceInstance
            ? "\(sequenceBits) sequence | \(instanceBits) instance"
            : "\(instanceBits) instance | \(sequenceBits) sequence"
        let tick = tickMilliseconds == 1 ? "ms" : "\(tickMilliseconds) ms ticks"
        return "\(name) (\(timestampBits) time in \(tick) | \(lower))"
    }
}
