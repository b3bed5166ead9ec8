/// An instance number a process kind's state stopped using while windows reserved with it may
/// still be open in other processes of the kind: every tick issued with it is below
/// ``markTick``, and no kind in the directory draws it while the clock reads before that.
struct RetiredNumber: Sendable, Hashable {
    /// The number.
    var instance: Int
    /// The stored mark when the state moved off it.
    var markTick: Int64
}

extension Sequence<RetiredNumber> {
    /// The numbers whose mark is ahead of tick `now`.
    func instancesMarked(aheadOf now: Int64) -> Set<Int> {
        Set(lazy.filter { $0.markTick > now }.map(\.instance))
    }
}
