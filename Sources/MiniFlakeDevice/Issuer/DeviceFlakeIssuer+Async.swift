import MiniFlake
import MiniFlakeSupport

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
        try await BlockingThread.run { () throws(DeviceStateError) in
            try DeviceFlakeIssuer(
                directory: directory, processKind: processKind, deviceKey: deviceKey, configuration: configuration)
        }
    }

    /// Makes the next identifier, suspending the task while it cannot, for at most `limit`.
    /// When no window is ready it reserves one on a thread of its own (the state file's write
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
        try checkBatch(count)
        return try await issueSuspending(waitingAtMost: limit, minimumTicks: windowTicks(forBatch: count)) {
            () throws(FlakeRefusal) in
            try maker.issue(count: count, waiting: false)
        }
    }

    /// Issues with `attempt` in the reserved windows; when none is ready, reserves one off the
    /// pool; when the generator says "retry after", sleeps; all within `limit`.
    private func issueSuspending<Value: Sendable>(
        waitingAtMost limit: Duration, minimumTicks: Int64 = 1, _ attempt: () throws(FlakeRefusal) -> Value
    ) async throws(FlakeError) -> Value {
        let clock = configuration.clock
        let deadline = FlakeIssueRetry.deadline(after: limit, clock: clock)
        var minimumTicks = minimumTicks
        while true {
            let failure: FlakeError
            do throws(FlakeError) {
                if let value = try issueInReservedWindows(attempt) { return value }
                let left = Duration.milliseconds(max(0, deadline &- clock.elapsedMilliseconds()))
                let wait = min(configuration.lockWaitLimit, left)
                let reserved = try await BlockingThread.run { [minimumTicks] () throws(FlakeError) in
                    try self.reserveWindow(waitingAtMost: wait, minimumTicks: minimumTicks)
                }
                // A window the clock passed while it was reserved is tried again twice as large.
                minimumTicks = max(minimumTicks, reserved * 2)
                continue
            } catch {
                failure = error
            }
            try await FlakeIssueRetry.pause(after: failure, before: deadline, clock: clock)
        }
    }
}
