import MiniFlake
import MiniFlakeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock on `<directory>/miniflake.lock` that makes every change to the directory's state
/// files one read-modify-write.
///
/// It is taken only around such a change (open, `flock`, read, write, `fsync`, release) and
/// never while identifiers are issued, so an app suspended by the system never holds it. It is
/// taken with `LOCK_NB` and polled, so a process stopped while holding it makes the others wait
/// at most the limit, never hang.
struct DirectoryLock: Sendable {
    /// The lock file's path.
    let path: String

    /// The outcome of trying to take the lock.
    enum Outcome<Value> {
        case done(Value)
        case busy
    }

    /// Runs `body` while holding the lock, polling for it for at most `limit`; `.busy` when
    /// another open file held it all that time.
    func withLock<Value>(
        waitingAtMost limit: Duration, _ body: () throws(DeviceStateError) -> Value
    ) throws(DeviceStateError) -> Outcome<Value> {
        let descriptor = try DeviceFiles.openForLocking(path, create: true)
        defer { close(descriptor) }  // closing releases the lock too
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while try !DeviceFiles.tryLock(descriptor, path: path) {
            guard clock.now < deadline else { return .busy }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        defer { flock(descriptor, LOCK_UN) }
        return .done(try body())
    }
}
