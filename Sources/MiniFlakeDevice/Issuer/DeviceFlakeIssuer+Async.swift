import Dispatch
import MiniFlake

extension DeviceFlakeIssuer {
    /// Opens an issuer as ``init(directory:processKind:deviceKey:configuration:)`` does, on a thread
    /// of its own: the Keychain read, the directory lock (at most
    /// ``DeviceFlakeIssuer/Configuration/lockWaitLimit``) and the state file's `fsync` never hold a
    /// thread of Swift's cooperative pool.
    ///
    /// ```swift
    /// let issuer = try await DeviceFlakeIssuer.open(
    ///     directory: container + "/MiniFlake", processKind: "app", deviceKey: deviceKey)
    /// ```
    ///
    /// - Parameters:
    ///   - directory: Where the state lives; created if missing.
    ///   - processKind: This process's kind; `app` by default.
    ///   - deviceKey: A key that stays on this device.
    ///   - configuration: Layout, clock, reservation size, the far-ahead limit, the lock wait.
    /// - Throws: The errors of the initializer.
    public static func open(
        directory: String, processKind: String = "app", deviceKey: any DeviceKeySource,
        configuration: DeviceFlakeIssuer.Configuration = .init()
    ) async throws(DeviceStateError) -> DeviceFlakeIssuer {
        try await offThePool { () throws(DeviceStateError) in
            try DeviceFlakeIssuer(
                directory: directory, processKind: processKind, deviceKey: deviceKey, configuration: configuration)
        }.get()
    }

    /// Makes the next identifier, suspending the task while it cannot, for at most `limit`.
    /// Once per window it reserves the next one on a thread of its own (the state file's write
    /// and `fsync`, the directory lock), never on a thread of Swift's cooperative pool.
    ///
    /// - Parameter limit: The longest this call waits in all; `.zero` never waits.
    /// - Throws: A permanent `FlakeError` at once; a retryable one when the next retry
    ///   would come after `limit`, or when the task is cancelled while it waits.
    public func next(waitingAtMost limit: Duration) async throws(FlakeError) -> FlakeID {
        try await issueSuspending(waitingAtMost: limit) { () throws(FlakeRefusal) in
            try maker.issue(waiting: false)
        }
    }

    /// Makes `count` consecutive identifiers, suspending the task as ``next(waitingAtMost:)``
    /// does.
    ///
    /// - Parameters:
    ///   - count: How many identifiers, `1...maximumBatchCount`.
    ///   - limit: The longest this call waits in all; `.zero` never waits.
    /// - Throws: `batch_count_out_of_range`, and the errors of ``next(waitingAtMost:)``.
    public func next(count: Int, waitingAtMost limit: Duration) async throws(FlakeError) -> FlakeIDBatch {
        guard (1...maximumBatchCount).contains(count) else {
            throw FlakeError(
                .batchCountOutOfRange, message: "a batch holds 1...\(maximumBatchCount) identifiers, not \(count)")
        }
        return try await issueSuspending(waitingAtMost: limit) { () throws(FlakeRefusal) in
            try maker.issue(count: count, waiting: false)
        }
    }

    /// Issues with `attempt`; when the window is used up, reserves the next one off the pool;
    /// when the generator says "retry after", sleeps; all within `limit`.
    private func issueSuspending<Value: Sendable>(
        waitingAtMost limit: Duration, _ attempt: () throws(FlakeRefusal) -> Value
    ) async throws(FlakeError) -> Value {
        let clock = configuration.clock
        let deadline = FlakeIssueRetry.deadline(after: limit, clock: clock)
        while true {
            let failure: FlakeError
            do throws(FlakeRefusal) {
                return try attempt()
            } catch {
                switch error {
                case .flake(let error):
                    failure = error
                case .ceiling, .closed, .expired:
                    let left = Duration.milliseconds(max(0, deadline &- clock.elapsedMilliseconds()))
                    let wait = min(configuration.lockWaitLimit, left)
                    let seenCeiling = maker.windowCeiling
                    let reserved = await Self.offThePool { () throws(FlakeError) in
                        try self.reserveWindow(unlessAbove: seenCeiling, waitingAtMost: wait)
                    }
                    switch reserved {
                    case .success: continue
                    case .failure(let error): failure = error
                    }
                }
            }
            try await FlakeIssueRetry.pause(after: failure, before: deadline, clock: clock)
        }
    }

    /// Reserves the next window, unless another call opened one above `seenCeiling` while this
    /// one waited for `reserving`. Blocks: run it off the pool.
    private func reserveWindow(unlessAbove seenCeiling: Int64, waitingAtMost limit: Duration) throws(FlakeError) {
        try reserving.withLock { _ throws(FlakeError) in
            if maker.isWindowOpen, maker.windowCeiling > seenCeiling { return }
            try reserveNextWindow(waitingAtMost: limit)
        }
    }

    /// Runs `work` on a thread of Dispatch's, not of Swift's cooperative pool, and returns what
    /// came of it.
    static func offThePool<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async -> Result<Value, Failure> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(Failure) in try work() })
            }
        }
    }
}
