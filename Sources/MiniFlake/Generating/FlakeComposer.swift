/// Turns a generator's counter (`tick << sequenceBits | sequence`) into an identifier's raw
/// value for one layout and instance number.
@usableFromInline
struct FlakeComposer: Sendable, Hashable {
    @usableFromInline let timestampShift: UInt64
    @usableFromInline let sequenceShift: UInt64
    @usableFromInline let sequenceBits: UInt64
    @usableFromInline let sequenceMask: UInt64
    @usableFromInline private(set) var instanceField: UInt64

    init(layout: FlakeLayout, instanceNumber: Int) {
        timestampShift = UInt64(layout.timestampShift)
        sequenceShift = UInt64(layout.sequenceShift)
        sequenceBits = UInt64(layout.sequenceBits)
        sequenceMask = UInt64(layout.maximumSequence)
        instanceField = UInt64(instanceNumber) << UInt64(layout.instanceShift)
    }

    /// The same composer for another instance field (an instance number shifted into place).
    func placing(instanceField: UInt64) -> FlakeComposer {
        var composer = self
        composer.instanceField = instanceField
        return composer
    }

    /// The raw value of the identifier at `counter`: its tick, sequence and instance fields
    /// each shifted into place, in any field order.
    @inlinable @inline(__always)
    func rawValue(counter: UInt64) -> Int64 {
        let tick = counter &>> sequenceBits
        let sequence = counter & sequenceMask
        return Int64(bitPattern: tick &<< timestampShift | sequence &<< sequenceShift | instanceField)
    }
}
