/// The heap cell behind an ``AtomicWord``: a `UInt64` stored right after the object's header,
/// so it has a stable address for as long as the object lives. (`ManagedBuffer` is never `Sendable`; ``AtomicWord``, the only way to a word,
/// is.)
@usableFromInline
package final class AtomicWordStorage: ManagedBuffer<Void, UInt64> {
    /// A cell with room for one word, set by the ``AtomicWord`` made on it.
    @inlinable
    package static func make() -> AtomicWordStorage {
        unsafeDowncast(create(minimumCapacity: 1) { _ in () }, to: AtomicWordStorage.self)
    }
}
