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

    /// The words in a cache line of 64 bytes: what ``makeOwningALine(words:)`` gives a cell.
    package static let wordsPerLine = 8

    /// A cell whose words share their 64-byte cache line with nothing else, and the index of
    /// its first word: a generator's words, which every call reads and one compare-and-swap
    /// writes, are not slowed by writes to other objects on their line (false sharing).
    ///
    /// - Parameter words: How many words, `1...wordsPerLine`.
    package static func makeOwningALine(words: Int) -> (storage: AtomicWordStorage, firstIndex: Int) {
        // Two lines' worth: whatever the allocation's alignment, a whole line lies within it.
        let storage = make(words: 2 * wordsPerLine)
        let address = storage.withUnsafeMutablePointerToElements { UInt(bitPattern: $0) }
        let lineBytes = UInt(wordsPerLine * MemoryLayout<UInt64>.stride)
        let firstIndex = Int((lineBytes - address % lineBytes) % lineBytes) / MemoryLayout<UInt64>.stride
        return (storage, firstIndex)
    }
}
