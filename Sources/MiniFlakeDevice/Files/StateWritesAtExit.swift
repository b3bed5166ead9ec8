import MiniFlake

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a normal exit from cutting a state write short: a write runs to its `rename` once it
/// has begun, and none begins once the process is exiting.
///
/// A state write makes `miniflake-KIND.state.PID-RAND.tmp`, `fsync`s it and renames it into
/// place. A process that returns from `main` or calls `exit` while a reservation runs on its
/// background thread would otherwise end that thread between the two and leave the temporary
/// file behind (the next issuer made in the directory removes it, but until then it is there).
/// The first write registers an `atexit` handler that refuses new writes and waits, at most
/// ``exitWaitLimit``, for those under way. A process that is killed leaves what it leaves.
enum StateWritesAtExit {
    /// The writes under way, and whether the process is exiting.
    private struct Writes {
        var underWay = 0
        var exiting = false
        var handlerRegistered = false
    }

    private static let writes = LockedValue(Writes())

    /// The longest the exit handler waits for writes under way.
    static let exitWaitLimit: Duration = .seconds(2)

    /// Runs one state write, unless the process is exiting.
    ///
    /// - Throws: ``DeviceStateError/Code/storageFailed`` when the process is exiting, and what
    ///   `write` throws.
    static func run(_ write: () throws(DeviceStateError) -> Void) throws(DeviceStateError) {
        let (begun, register) = writes.withLock { writes -> (Bool, Bool) in
            guard !writes.exiting else { return (false, false) }
            writes.underWay += 1
            defer { writes.handlerRegistered = true }
            return (true, !writes.handlerRegistered)
        }
        guard begun else {
            throw DeviceStateError(.storageFailed, message: "the process is exiting; the state file was not written")
        }
        defer { writes.withLock { $0.underWay -= 1 } }
        if register { atexit { StateWritesAtExit.finishBeforeExit() } }
        try write()
    }

    /// The exit handler: refuses new writes and waits for those under way.
    private static func finishBeforeExit() {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: exitWaitLimit)
        while writes.withLock({ writes -> Int in
            writes.exiting = true
            return writes.underWay
        }) > 0, clock.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
    }
}
