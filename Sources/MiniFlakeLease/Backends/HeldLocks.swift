import MiniFlake
import MiniFlakeSupport

/// The lock files this process holds, by identity.
///
/// `flock` locks belong to an open file, so two opens of one file in this process already
/// exclude each other; but where `flock` is emulated with process-wide `fcntl` locks (some
/// network file systems) they would not. Recording held files here keeps two claims in one
/// process apart everywhere.
enum HeldLocks {
    private static let held = LockedValue<Set<FileIdentity>>([])

    /// Records a file as held; `false` when this process already holds it.
    static func insert(_ identity: FileIdentity) -> Bool {
        held.withLock { $0.insert(identity).inserted }
    }

    /// Forgets a file.
    static func remove(_ identity: FileIdentity) {
        _ = held.withLock { $0.remove(identity) }
    }

    /// Whether this process holds the file.
    static func contains(_ identity: FileIdentity) -> Bool {
        held.withLock { $0.contains(identity) }
    }
}
