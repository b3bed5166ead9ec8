import CMiniFlakeAtomics

/// How long a thread waits after losing a compare-and-swap on a shared word before it tries
/// again: a few spin-loop hints (x86 `pause`, Arm `yield`), twice as many after every loss, up
/// to a cap.
///
/// While the loser waits, the thread that won keeps the word's cache line and issues several
/// identifiers in a row, instead of the line moving between the cores on every identifier.
/// A call that never loses never waits: the first wait comes after the first loss. Made fresh
/// for each call, so a call's waits never carry over to the next one.
@usableFromInline
package struct ContentionBackoff {
    /// The spin-loop hints of the first wait.
    @inlinable package static var firstPauses: UInt32 { 4 }
    /// The most spin-loop hints of one wait.
    @inlinable package static var maximumPauses: UInt32 { 64 }

    /// The spin-loop hints of the next wait.
    @usableFromInline package var nextPauses: UInt32

    /// A backoff that has not waited yet.
    @inlinable
    package init() {
        nextPauses = Self.firstPauses
    }

    /// Spins for the next wait's hints, and doubles the one after it, up to the cap. Out of
    /// line: only a lost compare-and-swap comes here, and the short path inlined into callers
    /// stays small.
    @usableFromInline @inline(never)
    package mutating func wait() {
        for _ in 0..<nextPauses {
            cmf_spin_pause()
        }
        nextPauses = Swift.min(nextPauses &* 2, Self.maximumPauses)
    }
}
