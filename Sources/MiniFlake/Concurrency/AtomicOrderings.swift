/// How an atomic load orders the memory accesses around it: the subset of C11's orderings
/// that a load may have, with the names of the standard library's `Synchronization` module.
@usableFromInline
package struct AtomicLoadOrdering: Sendable {
    /// The C11 `memory_order` number that `CMiniFlakeAtomics` takes.
    @usableFromInline let order: Int32

    @inlinable init(order: Int32) { self.order = order }

    /// No ordering: only the load itself is atomic.
    @inlinable package static var relaxed: Self { Self(order: 0) }
    /// Nothing after the load moves before it; pairs with a releasing store.
    @inlinable package static var acquiring: Self { Self(order: 2) }
    /// Acquiring, and in one total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Self { Self(order: 5) }
}

/// How an atomic store orders the memory accesses around it.
@usableFromInline
package struct AtomicStoreOrdering: Sendable {
    /// The C11 `memory_order` number that `CMiniFlakeAtomics` takes.
    @usableFromInline let order: Int32

    @inlinable init(order: Int32) { self.order = order }

    /// No ordering: only the store itself is atomic.
    @inlinable package static var relaxed: Self { Self(order: 0) }
    /// Nothing before the store moves after it; pairs with an acquiring load.
    @inlinable package static var releasing: Self { Self(order: 3) }
    /// Releasing, and in one total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Self { Self(order: 5) }
}

/// How an atomic read-modify-write (exchange, compare-and-swap, add) orders the memory
/// accesses around it.
@usableFromInline
package struct AtomicUpdateOrdering: Sendable {
    /// The C11 `memory_order` number that `CMiniFlakeAtomics` takes.
    @usableFromInline let order: Int32

    @inlinable init(order: Int32) { self.order = order }

    /// No ordering: only the update itself is atomic.
    @inlinable package static var relaxed: Self { Self(order: 0) }
    /// The update's read acquires.
    @inlinable package static var acquiring: Self { Self(order: 2) }
    /// The update's write releases.
    @inlinable package static var releasing: Self { Self(order: 3) }
    /// The read acquires and the write releases.
    @inlinable package static var acquiringAndReleasing: Self { Self(order: 4) }
    /// Both, and in one total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Self { Self(order: 5) }

    /// The ordering of a failed compare-and-swap, which writes nothing: this one without its
    /// release (as `Synchronization` does for `compareExchange(expected:desired:ordering:)`).
    @inlinable var failureOrder: Int32 {
        switch order {
        case 3: 0
        case 4: 2
        default: order
        }
    }
}
