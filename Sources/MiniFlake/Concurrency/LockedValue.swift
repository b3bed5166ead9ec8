/// State that only one thread at a time reads or changes, guarded by a ``PlatformLock``: the
/// toolchain-only stand-in for the standard library's `Mutex` (macOS 15, iOS 18 and later),
/// with the same `withLock` and `withLockIfAvailable`, so that MiniFlake runs on its lower
/// floor (iOS 16, macOS 13). A class, so copies of a reference share the state.
///
/// ```swift
/// let counts = LockedValue<[String: Int]>([:])
/// let total = counts.withLock { counts in
///     counts["a", default: 0] += 1
///     return counts.values.reduce(0, +)
/// }
/// ```
package final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `value` is touched only while `lock` is held, and goes in and out through
    // `sending`, as with `Mutex`.

    /// The lock that guards `value`.
    @usableFromInline let lock = PlatformLock()
    /// The state; only under `lock`.
    @usableFromInline var value: Value

    /// Guards `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        value = initialValue
    }

    /// Runs `body` on the state, holding the lock, and releases it however `body` ends.
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// Runs `body` on the state if the lock is free, without waiting.
    ///
    /// - Returns: What `body` returned, or `nil` if another thread held the lock.
    @inlinable
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard lock.tryLock() else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}
