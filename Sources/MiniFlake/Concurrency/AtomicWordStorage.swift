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
}
