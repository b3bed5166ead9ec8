import CMiniFlakeAtomics

/// The platform's plain mutual-exclusion lock, toolchain-only: `os_unfair_lock` on Apple
/// platforms, `pthread_mutex_t` elsewhere (as swift-nio's `NIOLock`). Not recursive: taking it
/// twice on one thread deadlocks. ``LockedValue`` pairs one with the state it guards.
package final class PlatformLock: @unchecked Sendable {
    // @unchecked: the lock itself is what makes this safe to share.

    /// The lock, allocated once so that it never moves (neither kind may be moved once used).
    @usableFromInline let primitive: UnsafeMutablePointer<cmf_lock>

    /// A new, unlocked lock.
    package init() {
        primitive = UnsafeMutablePointer.allocate(capacity: 1)
        let result = cmf_lock_init(primitive)
        precondition(result == 0, "PlatformLock: the lock could not be made (error \(result))")
    }

    deinit {
        let result = cmf_lock_destroy(primitive)
        assert(result == 0, "PlatformLock: the lock was destroyed while held (error \(result))")
        primitive.deallocate()
    }

    /// Takes the lock, waiting for it.
    @inlinable
    package func lock() {
        let result = cmf_lock_lock(primitive)
        precondition(result == 0, "PlatformLock: lock failed (error \(result))")
    }

    /// Takes the lock if it is free, without waiting.
    ///
    /// - Returns: Whether it took the lock.
    @inlinable
    package func tryLock() -> Bool {
        cmf_lock_trylock(primitive)
    }

    /// Releases the lock, which this thread holds.
    @inlinable
    package func unlock() {
        let result = cmf_lock_unlock(primitive)
        precondition(result == 0, "PlatformLock: unlock failed (error \(result))")
    }

    /// Runs `body` holding the lock, and releases it however `body` ends.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
