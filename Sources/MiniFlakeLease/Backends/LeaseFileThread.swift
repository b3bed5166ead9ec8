#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the file lease's blocking file work (writes and their `fsync`) on a thread of its own,
/// so that it never holds a thread of Swift's cooperative pool: the calling task suspends until
/// the work is done.
///
/// Each call starts a short-lived, detached POSIX thread. A lease renews every few seconds, so a
/// thread per call costs nothing that matters and none lingers while the backend is idle; it
/// needs no Dispatch and no other package.
enum LeaseFileThread {
    /// The thread-specific key that marks a lease file thread; `nil` if none could be made.
    private static let marker: pthread_key_t? = {
        var key: pthread_key_t = 0
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether the calling thread is a lease file thread (and so not one of the pool's).
    package static var isCurrentThread: Bool {
        guard let marker else { return false }
        return pthread_getspecific(marker) != nil
    }

    /// Runs `work` on a new thread and returns what came of it; when no thread can be started
    /// (the process is at its limit) it runs `work` on the calling thread instead.
    static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            let job = LeaseFileJob {
                continuation.resume(returning: Result { () throws(Failure) in try work() })
            }
            if !start(job) { job.body() }
        }
        return try result.get()
    }

    /// Starts a detached thread that runs `job`; `false` when none could be started.
    private static func start(_ job: LeaseFileJob) -> Bool {
        let argument = Unmanaged.passRetained(job).toOpaque()
        #if canImport(Darwin) || canImport(Musl)
            // A pointer there, so optional; an integer on glibc and Android.
            var thread: pthread_t? = nil
            guard pthread_create(&thread, nil, leaseFileThreadMain, argument) == 0, let thread else {
                Unmanaged<LeaseFileJob>.fromOpaque(argument).release()
                return false
            }
        #else
            var thread = pthread_t()
            guard pthread_create(&thread, nil, leaseFileThreadMain, argument) == 0 else {
                Unmanaged<LeaseFileJob>.fromOpaque(argument).release()
                return false
            }
        #endif
        // Nobody joins it: its resources go back to the system when it returns.
        pthread_detach(thread)
        return true
    }

    /// Marks the calling thread as a lease file thread, for ``isCurrentThread``.
    fileprivate static func markCurrentThread() {
        if let marker { _ = pthread_setspecific(marker, UnsafeRawPointer(bitPattern: 1)) }
    }
}

/// One piece of work handed to a lease file thread.
private final class LeaseFileJob: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// The start routine of a lease file thread: takes back the job `start` passed and runs it.
#if canImport(Darwin)
    private func leaseFileThreadMain(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        runLeaseFileJob(argument)
        return nil
    }
#else
    private func leaseFileThreadMain(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        if let argument { runLeaseFileJob(argument) }
        return nil
    }
#endif

private func runLeaseFileJob(_ argument: UnsafeMutableRawPointer) {
    LeaseFileThread.markCurrentThread()
    Unmanaged<LeaseFileJob>.fromOpaque(argument).takeRetainedValue().body()
}
