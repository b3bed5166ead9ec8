#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking work (a file lock, a write and its `fsync`) on a thread of its own, never on
/// a thread of Swift's cooperative pool, and not on Dispatch's global queues either: on Linux
/// those share a thread limit of one per core, so work queued there can wait behind threads that
/// block. The file lease's renewals and the device issuer's reservations use it.
///
/// Each call starts a short-lived, detached POSIX thread. The work comes once per lease renewal
/// or window of ticks, so a thread per call costs nothing that matters and none lingers while
/// nothing is to be done; it needs no Dispatch and no other package.
package enum BlockingThread {
    /// The thread-specific key that marks a blocking-work thread; `nil` if none could be made.
    private static let marker: pthread_key_t? = {
        var key: pthread_key_t = 0
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Whether the calling thread is a blocking-work thread (and so not one of the pool's).
    package static var isCurrentThread: Bool {
        guard let marker else { return false }
        return pthread_getspecific(marker) != nil
    }

    /// Runs `work` on a new thread, the calling task suspended meanwhile, and returns what came
    /// of it; when no thread can be started (the process is at its limit) it runs `work` on the
    /// calling thread instead.
    package static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            let job = BlockingThreadJob {
                continuation.resume(returning: Result { () throws(Failure) in try work() })
            }
            if !start(job) { job.body() }
        }
        return try result.get()
    }

    /// Starts `work` on a new thread and returns at once: `false`, with `work` not run, when no
    /// thread can be started (the process is at its limit).
    package static func detach(_ work: @escaping @Sendable () -> Void) -> Bool {
        start(BlockingThreadJob(work))
    }

    /// Starts a detached thread that runs `job`; `false` when none could be started.
    private static func start(_ job: BlockingThreadJob) -> Bool {
        let argument = Unmanaged.passRetained(job).toOpaque()
        #if canImport(Darwin) || canImport(Musl)
            // A pointer there, so optional; an integer on glibc and Android.
            var thread: pthread_t? = nil
            guard pthread_create(&thread, nil, blockingThreadMain, argument) == 0, let thread else {
                Unmanaged<BlockingThreadJob>.fromOpaque(argument).release()
                return false
            }
        #else
            var thread = pthread_t()
            guard pthread_create(&thread, nil, blockingThreadMain, argument) == 0 else {
                Unmanaged<BlockingThreadJob>.fromOpaque(argument).release()
                return false
            }
        #endif
        // Nobody joins it: its resources go back to the system when it returns.
        pthread_detach(thread)
        return true
    }

    /// Marks the calling thread as a blocking-work thread, for ``isCurrentThread``.
    fileprivate static func markCurrentThread() {
        if let marker { _ = pthread_setspecific(marker, UnsafeRawPointer(bitPattern: 1)) }
    }
}

/// One piece of work handed to a blocking-work thread.
private final class BlockingThreadJob: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// The start routine of a blocking-work thread: takes back the job `start` passed and runs it.
#if canImport(Darwin)
    private func blockingThreadMain(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        runBlockingThreadJob(argument)
        return nil
    }
#else
    private func blockingThreadMain(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        if let argument { runBlockingThreadJob(argument) }
        return nil
    }
#endif

private func runBlockingThreadJob(_ argument: UnsafeMutableRawPointer) {
    BlockingThread.markCurrentThread()
    Unmanaged<BlockingThreadJob>.fromOpaque(argument).takeRetainedValue().body()
}
