import CMiniFlakeAtomics

/// A 64-bit word that threads read and update atomically, with explicit memory orderings: the
/// toolchain-only stand-in for the standard library's `Atomic` (macOS 15, iOS 18 and later),
/// with the same method shapes, so that MiniFlake runs on its lower floor (iOS 16, macOS 13).
///
/// The word lives in a heap cell, allocated once, so it has a stable address; copies of an
/// `AtomicWord` share it, like references to one object. Every method compiles down to the bare
/// instruction on the word's address (see `CMiniFlakeAtomics.h`), the ordering a constant at
/// each call.
///
/// ```swift
/// let count = AtomicWord<Int>(0)
/// count.add(1, ordering: .relaxed)
/// let (exchanged, original) = count.compareExchange(
///     expected: 1, desired: 5, successOrdering: .releasing, failureOrdering: .relaxed)
/// ```
@usableFromInline
package struct AtomicWord<Value: AtomicWordValue>: @unchecked Sendable {
    // @unchecked: the cell's word is touched only through CMiniFlakeAtomics' atomic functions.

    /// The word's address, stable for as long as ``storage`` lives.
    @usableFromInline let word: UnsafeMutablePointer<UInt64>
    /// The cell that holds the word, kept alive by every copy.
    @usableFromInline let storage: AtomicWordStorage

    /// A new word holding `initial`, in a cell of its own.
    @inlinable
    package init(_ initial: Value) {
        let storage = AtomicWordStorage.make()
        self.storage = storage
        self.word = storage.withUnsafeMutablePointerToElements { $0 }
        word.initialize(to: Value.encodeAtomicWord(initial))
    }

    /// The value the word holds.
    @inlinable @inline(__always)
    package func load(ordering: AtomicLoadOrdering) -> Value {
        Value.decodeAtomicWord(cmf_atomic_load(word, ordering.order))
    }

    /// Stores `desired`.
    @inlinable @inline(__always)
    package func store(_ desired: Value, ordering: AtomicStoreOrdering) {
        cmf_atomic_store(word, Value.encodeAtomicWord(desired), ordering.order)
    }

    /// Stores `desired` and returns the value it replaced.
    @inlinable @inline(__always) @discardableResult
    package func exchange(_ desired: Value, ordering: AtomicUpdateOrdering) -> Value {
        Value.decodeAtomicWord(cmf_atomic_exchange(word, Value.encodeAtomicWord(desired), ordering.order))
    }

    /// A strong compare-and-swap: stores `desired` if the word holds `expected`.
    ///
    /// - Returns: Whether it stored, and the value the word held (`expected` if it stored).
    @inlinable @inline(__always)
    package func compareExchange(
        expected: Value, desired: Value, successOrdering: AtomicUpdateOrdering, failureOrdering: AtomicLoadOrdering
    ) -> (exchanged: Bool, original: Value) {
        compareExchange(
            expected: expected, desired: desired, successOrder: successOrdering.order,
            failureOrder: failureOrdering.order)
    }

    /// A strong compare-and-swap with one ordering; a failure orders as `ordering` without
    /// its release.
    ///
    /// - Returns: Whether it stored, and the value the word held (`expected` if it stored).
    @inlinable @inline(__always)
    package func compareExchange(
        expected: Value, desired: Value, ordering: AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        compareExchange(
            expected: expected, desired: desired, successOrder: ordering.order, failureOrder: ordering.failureOrder)
    }

    /// The compare-and-swap itself, with C11 ordering numbers.
    @inlinable @inline(__always)
    func compareExchange(
        expected: Value, desired: Value, successOrder: Int32, failureOrder: Int32
    ) -> (exchanged: Bool, original: Value) {
        var original = Value.encodeAtomicWord(expected)
        let exchanged = cmf_atomic_compare_exchange(
            word, &original, Value.encodeAtomicWord(desired), successOrder, failureOrder)
        return (exchanged, Value.decodeAtomicWord(original))
    }
}

extension AtomicWord where Value: FixedWidthInteger {
    /// Adds `operand`, wrapping around on overflow.
    ///
    /// - Returns: The value before and after.
    @inlinable @inline(__always) @discardableResult
    package func add(_ operand: Value, ordering: AtomicUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value.decodeAtomicWord(cmf_atomic_fetch_add(word, Value.encodeAtomicWord(operand), ordering.order))
        return (old, old &+ operand)
    }
}
