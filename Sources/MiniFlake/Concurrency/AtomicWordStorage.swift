/// The heap cell behind an ``AtomicWord``: one `UInt64` stored right after the object's header,
/// so it has a stable address for as long as the object lives and costs one allocation.
/// (`ManagedBuffer` is never `Sendable`; ``AtomicWord``, the only way to the word, is.)
@usableFromInline
package final class AtomicWordStorage: ManagedBuffer<Void, UInt64> {
    /// A cell holding `word`.
    @inlinable
    static func make(_ word: UInt64) -> AtomicWordStorage {
        let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in () }, to: AtomicWordStorage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: word) }
        return storage
    }
}
