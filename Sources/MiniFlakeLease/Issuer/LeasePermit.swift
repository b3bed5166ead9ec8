/// The word the issuing path reads before and after every identifier, packed so that one
/// atomic load answers both "which generator?" and "until when?": the generation of the
/// generator in use (high 20 bits, wrapping) and the lease-clock millisecond before which it
/// may issue (low 44 bits; 0 when it may not issue at all).
struct LeasePermit: Sendable, Hashable {
    static let deadlineBits: UInt64 = 44
    static let deadlineMask: UInt64 = (1 << deadlineBits) - 1
    /// The latest lease-clock millisecond a permit can hold, about 557 years.
    static let latestDeadline = Int64(deadlineMask)

    /// The packed word, as stored in the issuer's atomic.
    let rawValue: UInt64

    /// Unpacks a stored word.
    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Packs a generation (kept modulo 2^20) and a deadline (held to `0...latestDeadline`).
    init(generation: UInt64, deadline: Int64) {
        let clamped = deadline <= 0 ? 0 : UInt64(min(deadline, Self.latestDeadline))
        rawValue = generation << Self.deadlineBits | clamped
    }

    /// The generation of the generator this permit is for, modulo 2^20.
    var generation: UInt64 { rawValue >> Self.deadlineBits }

    /// The lease-clock millisecond from which the issuer may not issue; 0 when revoked.
    @inline(__always)
    var deadline: Int64 { Int64(rawValue & Self.deadlineMask) }

    /// Whether issuing was stopped outright (shut down, lease lost or being replaced).
    var isRevoked: Bool { deadline == 0 }

    /// Whether the issuer may issue at lease-clock millisecond `now`.
    @inline(__always)
    func allows(at now: Int64) -> Bool { now < deadline }

    /// Whether both permits are for the same generator.
    @inline(__always)
    func isSameGeneration(as other: LeasePermit) -> Bool {
        rawValue >> Self.deadlineBits == other.rawValue >> Self.deadlineBits
    }
}
