/// The heap cell behind one or more ``AtomicWord``s: `UInt64`s stored right after the object's
/// header, so they have stable addresses for as long as the object lives, side by side, and cost
/// one allocation. (`ManagedBuffer` is never `Sendable`; ``AtomicWord``, the only way to a word,
/// is.)
@usableFromInline
package final class AtomicWordStorage: ManagedBuffer<Void, UInt64> {
    /// A cell with room for `words` words, each set by the ``AtomicWord`` made on it.
    @inlinable
    package static func make(words: Int) -> AtomicWordStorage {
        unsafeDowncast(create(minimumCapacity: max(1, words)) { _ in () }, to: AtomicWordStorage.self)
    }

    /// The words in a cache line of 64 bytes: what ``makeOwningALine()`` gives a cell.
    package static let wordsPerLine = 8

    /// A cell with a 64-byte cache line of its own, and the index of the line's first word: up
    /// to ``wordsPerLine`` words from there share their line with nothing else, so a
    /// generator's words, which every call reads and one compare-and-swap writes, are not
    /// slowed by writes to other objects (false sharing).
    package static func makeOwningALine() -> (storage: AtomicWordStorage, firstIndex: Int) {
        // Two lines' worth: whatever the allocation's alignment, a whole line lies within it.
        let storage = make(words: 2 * wordsPerLine)
        let address = storage.withUnsafeMutablePointerToElements { UInt(bitPattern: $0) }
        let lineBytes = UInt(wordsPerLine * MemoryLayout<UInt64>.stride)
        let firstIndex = Int((lineBytes - address % lineBytes) % lineBytes) / MemoryLayout<UInt64>.stride
        return (storage, firstIndex)
    }
}
