import Synchronization

/// One shared 64-bit word, as a lock-free generator keeps its state: for the floor case of a
/// clock read plus one compare-and-swap.
final class AtomicWord: Sendable {
    private let word = Atomic<Int64>(0)

    /// Loads the word and replaces it with `value` by compare-and-swap, as a lock-free
    /// generator does for each identifier; returns the value it replaced.
    func exchangeIfUnchanged(_ value: Int64) -> Int64 {
        let old = word.load(ordering: .relaxed)
        _ = word.compareExchange(expected: old, desired: value, ordering: .relaxed)
        return old
    }
}
